import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, uuidIdProperty } from './row-properties.js';

/** One admin action (queue pause, job retry, …): who, what, on which queue or job, when (issue 7). */
export const AdminAuditLogSchema = defineEntity({
  name: 'AdminAuditLog',
  tableName: 'admin_audit_log',
  properties: {
    ...uuidIdProperty(),
    userId: p.uuid(),
    sessionId: p.uuid(),
    action: p.string().length(64),
    queue: p.string().length(64).nullable(),
    jobId: p.string().length(128).nullable(),
    detail: p.json<Record<string, unknown>>().nullable(),
    ...createdAtProperty(),
  },
  indexes: [{ properties: ['createdAt'] }, { properties: ['jobId'] }],
});

export type AdminAuditLog = InferEntity<typeof AdminAuditLogSchema>;
