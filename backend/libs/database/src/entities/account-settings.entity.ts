import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idAndUserProperties, updatedAtProperty, uuidIdProperty } from './row-properties.js';

/**
 * A keyword a user asked Serpwise to add to the warehouse (docs/product/account-exports-reports.md §3 "Requested keywords"): queued → processing → ready,
 * or failed with a reason. jobId: the fetch job that claimed it (a retried job picks its own claims up again).
 */
export const RequestedKeywordSchema = defineEntity({
  name: 'RequestedKeyword',
  tableName: 'requested_keyword',
  properties: {
    ...idAndUserProperties(),
    term: p.string().length(200),
    status: p.string().length(16),
    jobId: p.uuid().nullable().index(),
    failureReason: p.text().nullable(),
    requestedAt: p.datetime().onCreate(() => new Date()),
    ...updatedAtProperty(),
  },
  uniques: [{ properties: ['userId', 'term'] }],
  indexes: [{ properties: ['status'] }],
});
export type RequestedKeyword = InferEntity<typeof RequestedKeywordSchema>;

/** A user's API key. Only the SHA-256 of the key and its first characters are stored; the key is shown once. */
export const ApiKeySchema = defineEntity({
  name: 'ApiKey',
  tableName: 'api_key',
  properties: {
    userId: p.uuid().primary(),
    keyHash: p.string().length(64).unique(),
    keyPrefix: p.string().length(16),
    ...createdAtProperty(),
    lastUsedAt: p.datetime().nullable(),
  },
});
export type ApiKey = InferEntity<typeof ApiKeySchema>;

/** API calls of a user in one month (the public API counts into it). */
export const ApiUsageMonthSchema = defineEntity({
  name: 'ApiUsageMonth',
  tableName: 'api_usage_month',
  properties: {
    userId: p.uuid().primary(),
    month: p.date().primary(),
    calls: p.integer().default(0),
  },
});
export type ApiUsageMonth = InferEntity<typeof ApiUsageMonthSchema>;

/** A bundle code that grants a plan role for some months (/account/redeem-bundle). */
export const BundleCodeSchema = defineEntity({
  name: 'BundleCode',
  tableName: 'bundle_code',
  properties: {
    code: p.string().length(64).primary(),
    grantedRole: p.string().length(32),
    months: p.smallint(),
    /** Null: unlimited. */
    maxRedemptions: p.integer().nullable(),
    redemptionCount: p.integer().default(0),
    validUntil: p.datetime().nullable(),
    ...createdAtProperty(),
  },
});
export type BundleCode = InferEntity<typeof BundleCodeSchema>;

export const BundleRedemptionSchema = defineEntity({
  name: 'BundleRedemption',
  tableName: 'bundle_redemption',
  properties: {
    ...uuidIdProperty(),
    code: p.string().length(64).index(),
    userId: p.uuid().index(),
    redeemedAt: p.datetime().onCreate(() => new Date()),
    planExpiresAt: p.datetime(),
  },
  uniques: [{ properties: ['code', 'userId'] }],
});
export type BundleRedemption = InferEntity<typeof BundleRedemptionSchema>;

/** Where a user's reports and alerts are e-mailed (GetEmailAddresses / SetEmailAddresses), in the user's order. */
export const UserEmailAddressSchema = defineEntity({
  name: 'UserEmailAddress',
  tableName: 'user_email_address',
  properties: {
    userId: p.uuid().primary(),
    email: p.string().length(254).primary(),
    position: p.smallint(),
  },
});
export type UserEmailAddress = InferEntity<typeof UserEmailAddressSchema>;

/** A user's contact details (GetUserContactInfo / SetUserContactInfo), as the contactInfoSchema of contracts. */
export const UserContactInfoSchema = defineEntity({
  name: 'UserContactInfo',
  tableName: 'user_contact_info',
  properties: {
    userId: p.uuid().primary(),
    info: p.json(),
    ...updatedAtProperty(),
  },
});
export type UserContactInfo = InferEntity<typeof UserContactInfoSchema>;
