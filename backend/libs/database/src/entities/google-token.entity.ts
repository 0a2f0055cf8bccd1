import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty } from './row-properties.js';

/**
 * A user's Google authorisation for the Sheets export (docs/product/account-exports-reports.md §4, §7): the refresh token, encrypted at rest
 * (AES-256-GCM, the user id as associated data, so a row copied to another user does not decrypt).
 * Access tokens are never stored: the worker refreshes one per export.
 */
/** The columns of a stored Google authorisation (also Search Console's, search-console.entity.ts). */
export const googleTokenProperties = () => ({
  userId: p.uuid().primary(),
  /** base64url of iv (12 bytes) + auth tag (16 bytes) + cipher text. */
  refreshTokenEncrypted: p.text(),
  scope: p.text(),
  ...createdAtProperty(),
  updatedAt: p.datetime().onCreate(() => new Date()),
});

export const GoogleTokenSchema = defineEntity({ name: 'GoogleToken', tableName: 'google_token', properties: googleTokenProperties() });

export type GoogleToken = InferEntity<typeof GoogleTokenSchema>;
