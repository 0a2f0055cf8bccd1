import { z } from 'zod';
import { isValidEmail, normalizeEmail } from './email.js';
import { accountMessages } from './messages.js';

/**
 * A project alert (docs/product/account-exports-reports.md §3): saved with scheduled reports and e-mailed reports, it names the project and who receives
 * the mail. alertTypeId 1 is the only documented type.
 */
export const maxAlertRecipients = 20;

export const projectAlertMessages = {
  projectNotFound: 'Project not found.',
  alertNotFound: 'Alert not found.',
  tooManyRecipients: `An alert can go to at most ${maxAlertRecipients} addresses.`,
  noRecipients: 'Add at least one address to send the alert to.',
  rules: 'Choose what the alert watches: entering or leaving the top 3 or top 10 (page one), moving by at least N places, or a new competitor in the top 10.',
  moveBy: 'A move is at least 1 and at most 100 places.',
  webhookUrl: 'The webhook must be an http:// or https:// address.',
} as const;

/**
 * What a rank alert watches after each rank refresh (issue 22 point 6), for each tracked keyword of its project:
 * the project's site entering or leaving the top 3 or the top 10 (Google's first page holds the top 10 organic
 * results, so "page one" is the top 10), moving by at least `by` places, or a site new in the keyword's top 10.
 */
export const rankAlertRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['enters', 'leaves']), top: z.union([z.literal(3), z.literal(10)], { error: projectAlertMessages.rules }) }).strict(),
  z.object({ kind: z.literal('moves'), by: z.number({ error: projectAlertMessages.moveBy }).int(projectAlertMessages.moveBy).min(1, projectAlertMessages.moveBy).max(100, projectAlertMessages.moveBy) }).strict(),
  z.object({ kind: z.literal('newCompetitor') }).strict(),
], { error: projectAlertMessages.rules });
export type RankAlertRule = z.infer<typeof rankAlertRuleSchema>;

/** A rule in words: "leaves the top 10", "moves by 3 or more places", "a new competitor in the top 10". */
export function rankAlertRuleText(rule: RankAlertRule): string {
  if (rule.kind === 'moves') return `moves by ${rule.by} or more ${rule.by === 1 ? 'place' : 'places'}`;
  if (rule.kind === 'newCompetitor') return 'a new competitor in the top 10';
  return `${rule.kind} the top ${rule.top}${rule.top === 10 ? ' (page one)' : ''}`;
}

const recipientSchema = z
  .object({
    emailAddress: z
      .string()
      .max(254)
      .transform(normalizeEmail)
      .refine(isValidEmail, accountMessages.invalidEmail),
    isActive: z.boolean().default(true),
  })
  .strict();

export const saveProjectAlertSchema = z
  .object({
    /** Present to change an existing alert; absent to create one. */
    alertId: z.uuid('The alert id must be a UUID.').optional(),
    projectId: z.uuid('The project id must be a UUID.'),
    name: z.string().trim().min(1, 'Give the alert a name.').max(120, 'The alert name is at most 120 characters.'),
    alertTypeId: z.literal(1, 'The alert type must be 1.').default(1),
    isActive: z.boolean().default(true),
    sourceUrl: z.string().trim().max(2048, 'The source address is at most 2048 characters.').nullable().optional(),
    alertRecipients: z.array(recipientSchema).min(1, projectAlertMessages.noRecipients).max(maxAlertRecipients, projectAlertMessages.tooManyRecipients),
    /** The rank changes it watches (issue 22); absent: unchanged (none for a new alert, which then only names a report's recipients, as before). */
    rules: z.array(rankAlertRuleSchema).max(10, projectAlertMessages.rules).optional(),
    /** A Slack-compatible incoming webhook the changes are posted to as { text } JSON, besides the e-mail (absent: unchanged; null: none). */
    webhookUrl: z.url({ protocol: /^https?$/, error: projectAlertMessages.webhookUrl }).max(2048, projectAlertMessages.webhookUrl).nullable().optional(),
    /** The client may echo these from a listed alert; the server decides them. */
    userId: z.string().optional(),
    countryCode: z.string().optional(),
  })
  .strict();
export type SaveProjectAlert = z.infer<typeof saveProjectAlertSchema>;

export const deleteProjectAlertSchema = z.object({ alertId: z.uuid('The alert id must be a UUID.') }).strict();

export interface ProjectAlert {
  alertId: string;
  userId: string;
  projectId: string;
  name: string;
  alertTypeId: number;
  isActive: boolean;
  sourceUrl: string | null;
  alertRecipients: { emailAddress: string; isActive: boolean }[];
  rules: RankAlertRule[];
  webhookUrl: string | null;
}

/** One change a rank alert reported (its history, newest first): what moved, how it was sent. */
export const rankAlertEventSchema = z.object({
  eventId: z.string(),
  alertId: z.string(),
  projectId: z.string(),
  keyword: z.string(),
  rule: rankAlertRuleSchema,
  /** The project's position before and after the refresh (null: not in the fetched results); the new competitor's site. */
  previousPosition: z.number().nullable(),
  position: z.number().nullable(),
  competitor: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
  /** How the e-mail and the webhook call went: pending until sent, then sent or failed ('none': no webhook). */
  email: z.enum(['pending', 'sent', 'failed']),
  webhook: z.enum(['none', 'pending', 'sent', 'failed']),
  error: z.string().nullable(),
});
export type RankAlertEvent = z.infer<typeof rankAlertEventSchema>;
