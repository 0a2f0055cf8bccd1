import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { timestampProperties, uuidIdProperty } from './row-properties.js';

/**
 * A Serpwise account. E-mail is stored normalised (trimmed, lower-case) and unique; the password only as an
 * argon2id hash. A child account points at its parent and takes the parent's plan.
 */
export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'app_user',
  properties: {
    ...uuidIdProperty(),
    email: p.string().length(254).unique(),
    username: p.string().length(254).nullable().unique(),
    name: p.string().length(120).nullable(),
    passwordHash: p.text().hidden(),
    roles: p.array().defaultRaw("'{free}'"),
    parentUserId: p.uuid().nullable().index(),
    shouldShowOnboarding: p.boolean().default(false),
    onboarding: p.json().nullable(),
    termsAcceptedAt: p.datetime().nullable(),
    attributes: p.json().defaultRaw("'{}'"),
    ...timestampProperties(),
    lastLoginAt: p.datetime().nullable(),
  },
});

export type User = InferEntity<typeof UserSchema>;
