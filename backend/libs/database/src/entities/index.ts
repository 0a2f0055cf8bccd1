import { JobRecordSchema } from './job-record.entity.js';
import { SessionSchema } from './session.entity.js';

export * from './job-record.entity.js';
export * from './session.entity.js';

/** Every entity, listed by hand: discovery by folder scan is slower at start and hides mistakes. */
export const allEntities = [SessionSchema, JobRecordSchema];
