import { z } from 'zod';

/** What a queue alert watches (issue 23 point 3). */
export const queueAlertRuleKinds = ['failed', 'waiting', 'oldest-waiting', 'no-worker', 'worker-memory'] as const;
export type QueueAlertRuleKind = (typeof queueAlertRuleKinds)[number];

export const queueAlertMessages = {
  count: 'Each threshold must be a whole number from 0 to 1,000,000.',
  minutes: 'Minutes must be a whole number from 1 to 1,440.',
  memory: 'Memory must be a whole number of MB from 1 to 1,048,576.',
  webhook: 'The webhook must be an http:// or https:// address.',
} as const;

const count = z.number({ error: queueAlertMessages.count }).int(queueAlertMessages.count).min(0, queueAlertMessages.count).max(1_000_000, queueAlertMessages.count);
const minutes = z.number({ error: queueAlertMessages.minutes }).int(queueAlertMessages.minutes).min(1, queueAlertMessages.minutes).max(1_440, queueAlertMessages.minutes);

/** One queue's thresholds; null turns a threshold off. */
export const queueAlertRulesSchema = z.strictObject({
  /** More than `count` jobs failed in the last `minutes` minutes. */
  failed: z.strictObject({ count, minutes }).nullable(),
  /** More than this many jobs waiting (a paused queue's included). */
  waiting: count.nullable(),
  /** The oldest waiting job has waited longer than this many minutes. */
  oldestWaitingMinutes: minutes.nullable(),
  /** No live worker takes jobs of this queue. */
  noWorker: z.boolean(),
  /** A live worker of this queue uses more than this many MB (resident set size). */
  workerMemoryMb: z.number({ error: queueAlertMessages.memory }).int(queueAlertMessages.memory).min(1, queueAlertMessages.memory).max(1_048_576, queueAlertMessages.memory).nullable(),
});
export type QueueAlertRules = z.infer<typeof queueAlertRulesSchema>;

export const noQueueAlertRules: QueueAlertRules = { failed: null, waiting: null, oldestWaitingMinutes: null, noWorker: false, workerMemoryMb: null };

/** PUT /rest/admin/queue-alerts/webhook */
export const queueAlertWebhookSchema = z.strictObject({
  webhookUrl: z.url({ protocol: /^https?$/, error: queueAlertMessages.webhook }).max(2048, queueAlertMessages.webhook).nullable(),
});

/** One incident: raised when a queue crossed a threshold, cleared when it came back within it. */
export const queueAlertSchema = z.object({
  id: z.string(),
  queue: z.string(),
  rule: z.enum(queueAlertRuleKinds),
  message: z.string(),
  clearMessage: z.string().nullable(),
  raisedAt: z.string(),
  clearedAt: z.string().nullable(),
  /** How each message went: pending, sent, failed; none (webhook) when no webhook was set. */
  raiseEmail: z.string(),
  raiseWebhook: z.string(),
  clearEmail: z.string().nullable(),
  clearWebhook: z.string().nullable(),
  error: z.string().nullable(),
});
export type QueueAlert = z.infer<typeof queueAlertSchema>;

/** GET /rest/admin/queue-alerts: the thresholds of every queue, the webhook, the open alerts and the latest history. */
export const queueAlertsAnswerSchema = z.object({
  thresholds: z.record(z.string(), queueAlertRulesSchema),
  webhookUrl: z.string().nullable(),
  open: z.array(queueAlertSchema),
  /** The latest incidents, open or cleared, newest first (bounded). */
  history: z.array(queueAlertSchema),
});
export type QueueAlertsAnswer = z.infer<typeof queueAlertsAnswerSchema>;
