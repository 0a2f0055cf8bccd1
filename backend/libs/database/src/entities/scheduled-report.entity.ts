import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { idAndUserProperties, timestampProperties } from './row-properties.js';

/**
 * A scheduled PDF report (docs/product/account-exports-reports.md §4 PDF export modes, /account/scheduled-pdf-reports): the report's options, how often it
 * goes out and to whom. It belongs to the user who scheduled it; each active one is a BullMQ job scheduler.
 */
export const ScheduledReportSchema = defineEntity({
  name: 'ScheduledReport',
  tableName: 'scheduled_report',
  properties: {
    ...idAndUserProperties(),
    /** WEEKLY or MONTHLY. */
    frequency: p.string().length(16),
    /** The report options (contracts' ReportOptions) it is rendered with each time. */
    options: p.json(),
    /** Other addresses it goes to (the user's own address is added when sendToSelf). */
    recipients: p.json(),
    sendToSelf: p.boolean().default(true),
    isActive: p.boolean().default(true),
    /** WEEKLY: the day it goes out, 0 Sunday … 6 Saturday (issue 22). */
    dayOfWeek: p.smallint().default(1),
    /** MONTHLY: the day of the month it goes out, 1–28. */
    dayOfMonth: p.smallint().default(1),
    /** The time of day it goes out, HH:MM in timeZone. */
    sendTime: p.string().length(5).default('06:00'),
    /** The IANA time zone of sendTime. */
    timeZone: p.string().length(64).default('UTC'),
    /** The project alert saved with it (docs/product/account-exports-reports.md §4), if any. */
    projectAlertId: p.uuid().nullable(),
    ...timestampProperties(),
  },
});

export type ScheduledReportEntity = InferEntity<typeof ScheduledReportSchema>;
