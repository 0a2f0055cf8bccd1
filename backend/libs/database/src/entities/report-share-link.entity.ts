import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, tokenHashProperty, uuidIdProperty } from './row-properties.js';

/**
 * A shared web view of one generated report (issue 22 point 5): a link its owner gives to clients who want no
 * attachment. Only the SHA-256 of the link's random token is kept (the link itself is shown once, when made), with
 * the expiry its owner chose, when it was revoked, and how often it was opened.
 */
export const ReportShareLinkSchema = defineEntity({
  name: 'ReportShareLink',
  tableName: 'report_share_link',
  properties: {
    ...uuidIdProperty(),
    jobId: p.uuid().index(),
    ownerUserId: p.uuid(),
    ...tokenHashProperty(),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    lastOpenedAt: p.datetime().nullable(),
    openCount: p.integer().default(0),
    ...createdAtProperty(),
  },
});

export type ReportShareLinkEntity = InferEntity<typeof ReportShareLinkSchema>;
