import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty } from './row-properties.js';

/** A one-time password reset link. Only the SHA-256 of its token is stored; used_at makes it single-use. */
export const PasswordResetSchema = defineEntity({
  name: 'PasswordReset',
  tableName: 'password_reset',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().index(),
    tokenHash: p.string().length(64).unique(),
    ...createdAtProperty(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});

export type PasswordReset = InferEntity<typeof PasswordResetSchema>;
