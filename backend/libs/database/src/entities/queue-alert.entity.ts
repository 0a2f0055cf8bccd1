import { defineEntity, p } from '@mikro-orm/core';
import { updatedAtProperty, uuidIdProperty } from './row-properties.js';

/** The alert thresholds an admin set for one queue (issue 23 point 3); contracts' QueueAlertRules. */
export const QueueAlertThresholdSchema = defineEntity({
  name: 'QueueAlertThreshold',
  tableName: 'queue_alert_threshold',
  properties: {
    queue: p.string().length(64).primary(),
    rules: p.json(),
    ...updatedAtProperty(),
  },
});

/** The settings every queue alert shares (one row): the Slack-compatible webhook it is posted to. */
export const QueueAlertSettingSchema = defineEntity({
  name: 'QueueAlertSetting',
  tableName: 'queue_alert_setting',
  properties: {
    id: p.smallint().primary().default(1),
    webhookUrl: p.string().length(2048).nullable(),
    ...updatedAtProperty(),
  },
});

/** One incident: a queue crossed one of its thresholds (raised), then came back within it (cleared). */
export const QueueAlertSchema = defineEntity({
  name: 'QueueAlert',
  tableName: 'queue_alert',
  properties: {
    ...uuidIdProperty(),
    queue: p.string().length(64),
    /** Which threshold: failed, waiting, oldest-waiting, no-worker, worker-memory. */
    rule: p.string().length(32),
    /** What the mail, the webhook and the console said when it was raised, and when it cleared. */
    message: p.text(),
    clearMessage: p.text().nullable(),
    raisedAt: p.datetime().index(),
    clearedAt: p.datetime().nullable(),
    /** How each message went: pending, sent, failed or none (no webhook set). */
    raiseEmail: p.string().length(16),
    raiseWebhook: p.string().length(16),
    clearEmail: p.string().length(16).nullable(),
    clearWebhook: p.string().length(16).nullable(),
    error: p.text().nullable(),
  },
});
