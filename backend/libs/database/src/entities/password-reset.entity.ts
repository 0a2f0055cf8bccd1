import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idAndUserProperties, tokenHashProperty } from './row-properties.js';

/** A one-time password reset link. Only the SHA-256 of its token is stored; used_at makes it single-use. */
export const PasswordResetSchema = defineEntity({
  name: 'PasswordReset',
  tableName: 'password_reset',
  properties: {
    ...idAndUserProperties(),
    ...tokenHashProperty(),
    ...createdAtProperty(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});

export type PasswordReset = InferEntity<typeof PasswordResetSchema>;
