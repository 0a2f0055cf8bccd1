import { z } from 'zod';
import { monthPositionSchema } from '../research/seo-research.js';
import { territoryCodes } from '../research/territories.js';
import { hostOfText, keywordsOfText } from '../text/normalise.js';

/**
 * Recon reports (docs/product/projects.md §2 "Recon reports"): a saved set of a primary domain, a territory, keywords and competitors,
 * of type seo or ppc, owned by its user. The calls are not shown in the spec; ours live under /rest/recon
 * (docs/projects-api.md, docs/decisions.md "Recon reports").
 */
export const reconReportTypes = ['seo', 'ppc'] as const;
export type ReconReportType = (typeof reconReportTypes)[number];

/** Limits of one report: enough for an agency's client, small enough for one live-ranking page. */
export const reconLimits = { keywords: 200, competitors: 10, nameLength: 120 } as const;

export const reconMessages = {
  reportNotFound: 'That recon report does not exist.',
  domainInvalid: 'Enter a valid domain, like example.com.',
  keywordsRequired: 'Add at least one keyword.',
  tooManyKeywords: `A recon report may track at most ${reconLimits.keywords} keywords.`,
  competitorsRequired: 'Add at least one competitor.',
  tooManyCompetitors: `A recon report may compare at most ${reconLimits.competitors} competitors.`,
  competitorInvalid: (value: string) => `'${value}' is not a valid competitor domain.`,
  termNotInReport: 'That keyword is not part of this recon report.',
} as const;

const keywordsCsvField = z
  .string()
  .max(20_000)
  .transform((csv) => keywordsOfText(csv))
  .refine((terms) => terms.length > 0, reconMessages.keywordsRequired)
  .refine((terms) => terms.length <= reconLimits.keywords, reconMessages.tooManyKeywords);

const competitorsField = z
  .array(z.string().trim().min(1).max(253))
  .min(1, reconMessages.competitorsRequired)
  .max(reconLimits.competitors, reconMessages.tooManyCompetitors);

/** POST /rest/recon/reports and POST /rest/recon/reports/:id (edit: the same fields, all required). */
export const reconReportBodySchema = z
  .object({
    type: z.enum(reconReportTypes, { message: 'The report type is seo or ppc.' }),
    name: z.string().trim().max(reconLimits.nameLength).optional(),
    primaryDomain: z.string().trim().min(1, reconMessages.domainInvalid).max(2048),
    territory: z.enum(territoryCodes, { message: 'Choose one of the supported territories.' }).default('US'),
    keywordsCsv: keywordsCsvField,
    competitors: competitorsField,
  })
  .strict();
export type ReconReportBody = z.input<typeof reconReportBodySchema>;
export type ReconReportInput = z.output<typeof reconReportBodySchema>;

export const reconReportIdSchema = z.uuid('The report id must be a UUID.');
/** Warehouse keyword ids are positive integers. */
export const reconTermIdSchema = z.coerce.number().int().positive('The term id must be a positive number.');

export const reconReportSchema = z.object({
  id: z.string(),
  type: z.enum(reconReportTypes),
  name: z.string(),
  primaryDomain: z.string(),
  territory: z.string(),
  /** The keywords, one per line. */
  keywordsCsv: z.string(),
  keywordCount: z.number(),
  competitors: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReconReport = z.infer<typeof reconReportSchema>;

/** One domain's position for a keyword: newest month and the month before (null: not in the stored top 20). */
export const reconPositionSchema = z.object({
  domain: z.string(),
  position: z.number().nullable(),
  previousPosition: z.number().nullable(),
  /** previous − current: positive is an improvement; null when either month is unranked. */
  change: z.number().nullable(),
  url: z.string().nullable(),
});
export type ReconPosition = z.infer<typeof reconPositionSchema>;

export const reconRankingRowSchema = z.object({
  /** The warehouse keyword id (for the details page); null when the warehouse does not know the keyword. */
  termId: z.number().nullable(),
  keyword: z.string(),
  volume: z.number().nullable(),
  primary: reconPositionSchema,
  competitors: z.array(reconPositionSchema),
});
export type ReconRankingRow = z.infer<typeof reconRankingRowSchema>;

/** GET /rest/recon/reports/:id/live-ranking */
export const reconLiveRankingSchema = z.object({
  report: reconReportSchema,
  month: z.string().nullable(),
  previousMonth: z.string().nullable(),
  rows: z.array(reconRankingRowSchema),
  /** Whether the owner's reports are white-labelled (isFullReconUser). */
  whiteLabel: z.boolean(),
});
export type ReconLiveRanking = z.infer<typeof reconLiveRankingSchema>;

export const reconSerpResultSchema = z.object({
  position: z.number(),
  domain: z.string(),
  url: z.string(),
  /** The report's primary domain or one of its competitors. */
  role: z.enum(['primary', 'competitor']).nullable(),
});
export type ReconSerpResult = z.infer<typeof reconSerpResultSchema>;

/** GET /rest/recon/reports/:id/live-ranking/:termId */
export const reconRankingDetailsSchema = z.object({
  reportId: z.string(),
  termId: z.number(),
  keyword: z.string(),
  territory: z.string(),
  /** Null: unknown. */
  volume: z.number().nullable(),
  month: z.string().nullable(),
  serp: z.array(reconSerpResultSchema),
  /** The primary domain's best position per month, oldest first, 12 months (null: not ranked). */
  history: z.array(monthPositionSchema),
  primaryDomain: z.string(),
});
export type ReconRankingDetails = z.infer<typeof reconRankingDetailsSchema>;

/** DELETE /rest/recon/reports/:id */
export const reconReportDeletedSchema = z.object({ isSuccessful: z.literal(true), id: z.string() });

/** The recon wizard's create state (docs/product/projects.md §3). */
export interface ReconCreateState {
  primaryDomain: { value: string; valid: boolean };
  keywordsCsv: string;
  competitors: string[];
}

export type ReconWizardStep = 1 | 2 | 3 | 4;

/**
 * The wizard's step rules (docs/product/projects.md §4): step 2 needs a valid primary domain (or a domain query), step 3 also the
 * keywords, step 4 also the competitors; otherwise the wizard returns to the previous step. Answers the step the
 * wizard may show for the one asked.
 */
export function allowedReconStep(wanted: ReconWizardStep, state: ReconCreateState, domainQuery?: string | null): ReconWizardStep {
  const hasDomain = state.primaryDomain.valid || Boolean(domainQuery && hostOfText(domainQuery));
  const hasKeywords = keywordsOfText(state.keywordsCsv).length > 0;
  const hasCompetitors = state.competitors.length > 0;
  const reachable = (step: ReconWizardStep): boolean =>
    step === 1 ? true : step === 2 ? hasDomain : step === 3 ? hasDomain && hasKeywords : hasDomain && hasKeywords && hasCompetitors;
  if (reachable(wanted)) return wanted;
  return wanted === 1 ? 1 : allowedReconStep((wanted - 1) as ReconWizardStep, state, domainQuery);
}
