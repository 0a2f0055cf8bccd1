import { JobRecordSchema } from './job-record.entity.js';
import { PasswordResetSchema } from './password-reset.entity.js';
import { SessionSchema } from './session.entity.js';
import { UserSchema } from './user.entity.js';

export * from './job-record.entity.js';
export * from './session.entity.js';
export * from './user.entity.js';
export * from './password-reset.entity.js';

/** Every entity, listed by hand: discovery by folder scan is slower at start and hides mistakes. */
export const allEntities = [SessionSchema, JobRecordSchema, UserSchema, PasswordResetSchema];
