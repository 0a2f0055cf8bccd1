import { z } from 'zod';
import { maxEmailLength, maxPasswordLength } from './email.js';
import { normaliseKeyword } from '../text/normalise.js';
import { hasFullPlan } from './roles.js';

/**
 * Payloads and answers of the account settings calls (docs/product/account-exports-reports.md §7: /Endpoints/AccountApi and /NsaApi/Account). Field
 * rules with documented messages are checked by the service so they come back in data.errors; the schemas refuse
 * what no form could send (wrong types, unknown fields, absurd lengths).
 */
const text = (max: number) => z.string().max(max, `At most ${max} characters.`);

/** Display name length (not documented; docs/decisions.md). */
export const maxDisplayNameLength = 120;

export const changeDisplayNameSchema = z.object({ newDisplayName: text(500) }).strict();
export const changeEmailSchema = z.object({ newEmail: text(500) }).strict();
/**
 * newPassword is the documented field; currentPassword is required too (a stolen session must not be enough to
 * take the account over); confirmPassword is optional and checked when sent.
 */
export const changePasswordSchema = z
  .object({ newPassword: text(maxPasswordLength), currentPassword: text(maxPasswordLength), confirmPassword: text(maxPasswordLength).optional() })
  .strict();

/** Texts of the account forms that the documents leave to us (docs/decisions.md). */
export const accountSettingsMessages = {
  displayNameRequired: 'Enter a display name.',
  displayNameTooLong: `Use at most ${maxDisplayNameLength} characters for your display name.`,
  currentPasswordWrong: 'Your current password is not correct.',
  emailUnchanged: 'That is already your email address.',
  bundleInvalid: 'That bundle code is not valid.',
  bundleUsed: 'You have already redeemed that bundle code.',
  requestedKeywordsEmpty: 'Enter at least one keyword, one per line.',
  attributeNotAllowed: 'That setting cannot be changed here.',
  domainInvalid: 'Enter a valid domain, like example.com.',
} as const;

/** Every successful Json* account call: the documented data.isSuccessful and data.errors, plus what it returns. */
export interface AccountAnswer<T extends object = object> {
  data: { isSuccessful: true; errors: [] } & T;
}

export interface AccountInfo {
  id: string;
  email: string;
  name: string | null;
  username: string | null;
  isChildAccount: boolean;
  parentEmail: string | null;
  createdAt: string;
  termsAcceptedAt: string | null;
  isFullUser: boolean;
  planExpiresAt: string | null;
}

export interface UserApiInfo {
  hasApiKey: boolean;
  /** The first characters of the key, to recognise it; the key itself is shown only once, when generated. */
  apiKeyPrefix: string | null;
  createdAt: string | null;
  monthlyLimit: number;
  currentMonthUsage: number;
}

/**
 * Monthly public-API calls per plan (not documented by the spec; docs/decisions.md, issue 25). A free plan keeps a
 * small allowance so a key made on a full plan still answers (with free data) after a downgrade.
 */
export const apiMonthlyCallLimits = { free: 100, full: 10_000, recon_full: 50_000 } as const;

/** The allowance of the plan the roles give (a child account passes its parent's plan roles). */
export const apiMonthlyCallLimitOf = (planRoles: readonly string[]): number =>
  planRoles.includes('recon_full') ? apiMonthlyCallLimits.recon_full : hasFullPlan(planRoles) ? apiMonthlyCallLimits.full : apiMonthlyCallLimits.free;

export interface ApiMonthlyUsage {
  /** YYYY-MM */
  month: string;
  calls: number;
}

export interface GeneratedApiKey {
  apiKey: string;
  apiKeyPrefix: string;
  createdAt: string;
}

// ---- requested keywords (docs/product/account-exports-reports.md §3, §5)

/** The documented statuses (docs/product/account-exports-reports.md §3 keywordStatuses): the answer always lists these three. */
export const requestedKeywordStatuses = ['queued', 'processing', 'ready'] as const;
/** 'failed' (the provider refused the keyword, or every retry failed) is listed only when some keyword has it. */
export type RequestedKeywordStatus = (typeof requestedKeywordStatuses)[number] | 'failed';

/** The textarea limit of the request form (docs/product/account-exports-reports.md §5 Textarea, §9). */
export const textareaMaxLength = 1770;
export const textareaMaxMessage = (max: number) => `The max number of characters is ${max}`;
export const maxKeywordLength = 200;

export const addRequestedKeywordsSchema = z.object({ termsCsv: text(textareaMaxLength) }).strict();

export interface RequestedKeywordsAnswer {
  keywordStatuses: { status: RequestedKeywordStatus; count: number }[];
  /** failureReason: why a 'failed' keyword failed (null otherwise). */
  keywords: { term: string; status: RequestedKeywordStatus; requestedAt: string; failureReason: string | null }[];
  /** The newest fetch job still queued or running for this user, or null: the page follows it live (job.updated). */
  fetchJobId: string | null;
}

/** One keyword per line: trimmed, blank lines dropped, single spaces, lower case, duplicates once. */
export function parseRequestedKeywords(termsCsv: string): string[] {
  const seen = new Set<string>();
  for (const line of termsCsv.split(/\r?\n/)) {
    const term = normaliseKeyword(line);
    if (term && term.length <= maxKeywordLength) seen.add(term);
  }
  return [...seen];
}

const questionOpeners = ['how to', 'where to', 'when to', 'what to', 'who to', 'how much to'];

/** The question-form helper (docs/product/account-exports-reports.md §5): a trailing '?' unless present or the text opens with a "how to"-style phrase. */
export function toQuestionForm(text: string): string {
  const trimmed = text.trim();
  if (!trimmed || trimmed.endsWith('?')) return trimmed;
  const lower = trimmed.toLowerCase();
  if (questionOpeners.some((opener) => lower === opener || lower.startsWith(`${opener} `))) return trimmed;
  return `${trimmed}?`;
}

// ---- e-mail addresses for reports and alerts, contact info, attributes, bundles

export const maxRecipientEmails = 20;
/** GET SetEmailAddresses?emails=a@x.com&emails=b@y.com (repeated; none clears the list). */
export const setEmailAddressesSchema = z
  .object({ emails: z.union([text(maxEmailLength), z.array(text(maxEmailLength))]).optional() })
  .strict()
  .transform((value) => (value.emails === undefined ? [] : Array.isArray(value.emails) ? value.emails : [value.emails]))
  .pipe(z.array(z.string()).max(maxRecipientEmails, `At most ${maxRecipientEmails} addresses.`));

export const contactInfoSchema = z
  .object({
    firstName: text(80).default(''),
    lastName: text(80).default(''),
    company: text(120).default(''),
    phone: z.string().max(40).regex(/^[0-9+()\-.\s]*$/, 'Enter a phone number using digits, spaces and + ( ) - .').default(''),
    addressLine1: text(200).default(''),
    addressLine2: text(200).default(''),
    city: text(100).default(''),
    region: text(100).default(''),
    postalCode: text(20).default(''),
    country: z.string().regex(/^([A-Z]{2})?$/, 'Use a two-letter country code.').default(''),
  })
  .strict();
export type ContactInfo = z.output<typeof contactInfoSchema>;

/** '1': a finished export's file downloads by itself in the browser that started it (account settings, issue 21). */
export const autoDownloadAttribute = 'AUTO_DOWNLOAD_EXPORTS';

/** The user attributes the web client may read and set: UI flags only, never plan, billing or role data. */
export const clientUserAttributes = ['DISMISS_RF_PROMO_TOOLTIP', 'DISMISS_HQ_WELCOME', 'DISMISS_EXPORT_TIP', 'PREFERRED_TERRITORY', 'TABLE_PAGE_SIZE', autoDownloadAttribute] as const;
export const isClientUserAttribute = (name: string): name is (typeof clientUserAttributes)[number] =>
  (clientUserAttributes as readonly string[]).includes(name);

export const getUserAttributeSchema = z.object({ name: text(64) }).strict();
export const setUserAttributeSchema = z.object({ name: text(64), value: z.string().max(200).nullable() }).strict();

export const redeemBundleSchema = z.object({ code: z.string().trim().min(1, 'Enter a bundle code.').max(64) }).strict();
export const redeemedBundleSchema = z.object({ code: z.string(), grantedRole: z.string(), months: z.number(), expiresAt: z.string() });
export type RedeemedBundle = z.infer<typeof redeemedBundleSchema>;

/** The legacy account endpoints' success envelope: { isSuccessful: true, errors: [] } beside what they answer. */
export const succeededSchema = z.object({ isSuccessful: z.literal(true), errors: z.tuple([]) });

/** POST /rest/account/redeem-bundle */
export const redeemBundleAnswerSchema = z.object({ data: succeededSchema.extend(redeemedBundleSchema.shape) });
export type RedeemBundleAnswer = z.infer<typeof redeemBundleAnswerSchema>;

/** POST /rest/admin/actions: admin actions are on for this session until then (ISO). */
export const adminActionsEnabledSchema = z.object({ adminActionsUntil: z.string() });
export type AdminActionsEnabled = z.infer<typeof adminActionsEnabledSchema>;
/** GET /rest/admin/actions: until when admin actions are on for this session (ISO), or null when they are off. */
export const adminActionsStateSchema = z.object({ adminActionsUntil: z.string().nullable() });
export type AdminActionsState = z.infer<typeof adminActionsStateSchema>;
