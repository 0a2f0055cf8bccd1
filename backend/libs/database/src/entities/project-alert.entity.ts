import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { timestampProperties } from './row-properties.js';

/** A project alert (docs/product/account-exports-reports.md §3): which project's reports go to which addresses. Owned by the account owner. */
export const ProjectAlertSchema = defineEntity({
  name: 'ProjectAlert',
  tableName: 'project_alert',
  properties: {
    id: p.uuid().primary(),
    ownerUserId: p.uuid().index(),
    projectId: p.uuid().index(),
    name: p.string().length(120),
    alertTypeId: p.integer().default(1),
    isActive: p.boolean().default(true),
    sourceUrl: p.text().nullable(),
    /** [{ emailAddress, isActive }] */
    recipients: p.json(),
    ...timestampProperties(),
  },
});

export type ProjectAlertEntity = InferEntity<typeof ProjectAlertSchema>;
