import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { idAndOwnerProperties, timestampProperties, uuidIdProperty } from './row-properties.js';

/** A project alert (docs/product/account-exports-reports.md §3): which project's reports go to which addresses. Owned by the account owner. */
export const ProjectAlertSchema = defineEntity({
  name: 'ProjectAlert',
  tableName: 'project_alert',
  properties: {
    ...idAndOwnerProperties(),
    projectId: p.uuid().index(),
    name: p.string().length(120),
    alertTypeId: p.integer().default(1),
    isActive: p.boolean().default(true),
    sourceUrl: p.text().nullable(),
    /** [{ emailAddress, isActive }] */
    recipients: p.json(),
    /** What it watches after each rank refresh (contracts' RankAlertRule[]; issue 22). */
    rules: p.json().default('[]'),
    /** A Slack-compatible incoming webhook the changes are posted to. */
    webhookUrl: p.text().nullable(),
    ...timestampProperties(),
  },
});

export type ProjectAlertEntity = InferEntity<typeof ProjectAlertSchema>;

/** A project's ranks as the last rank refresh saw them, per tracked keyword: what the next refresh is compared with. */
export const ProjectRankSnapshotSchema = defineEntity({
  name: 'ProjectRankSnapshot',
  tableName: 'project_rank_snapshot',
  properties: {
    projectId: p.uuid().primary(),
    term: p.text().primary(),
    /** The project's site's organic position; null: not in the fetched results. */
    position: p.integer().nullable(),
    /** The sites of the top 10, in order. */
    top10: p.json(),
    refreshedAt: p.datetime(),
  },
});

/** One change a rank alert reported, once per alert, refresh, keyword and rule: the alert's history. */
export const RankAlertEventSchema = defineEntity({
  name: 'RankAlertEvent',
  tableName: 'rank_alert_event',
  properties: {
    ...uuidIdProperty(),
    /** The alert that reported it; its project, and the account owner whose history it is. */
    alertId: p.uuid(),
    projectId: p.uuid(),
    ownerUserId: p.uuid(),
    /** The rank refresh that saw it (its data source). */
    runId: p.text(),
    term: p.text(),
    /** The rule it met (contracts' RankAlertRule) and the same as a key ('leaves:10'), for the once-only index. */
    rule: p.json(),
    ruleKey: p.text(),
    /** The project's position before and after (null: not in the results), and the new competitor's site. */
    previousPosition: p.integer().nullable(),
    position: p.integer().nullable(),
    competitor: p.text().nullable(),
    /** The change in words, as the mail, the webhook and the history say it. */
    message: p.text(),
    /** How the e-mail and the webhook call went: pending, sent or failed (webhook: none without a URL). */
    emailState: p.string().length(16).default('pending'),
    webhookState: p.string().length(16).default('none'),
    error: p.text().nullable(),
    createdAt: p.datetime(),
  },
});
