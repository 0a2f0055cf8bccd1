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
} as const;

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
    /** The client may echo these from a listed alert; the server decides them. */
    userId: z.string().optional(),
    countryCode: z.string().optional(),
  })
  .strict();
export type SaveProjectAlert = z.infer<typeof saveProjectAlertSchema>;

export const deleteProjectAlertSchema = z.object({ alertId: z.uuid('The alert id must be a UUID.'), countryCode: z.string().optional() }).strict();

export interface ProjectAlert {
  alertId: string;
  userId: string;
  projectId: string;
  name: string;
  alertTypeId: number;
  isActive: boolean;
  sourceUrl: string | null;
  alertRecipients: { emailAddress: string; isActive: boolean }[];
}
