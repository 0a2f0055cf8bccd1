import { z } from 'zod';
import { countryCodeSchema } from '../research/territories.js';
import { hostOfText, normaliseKeyword } from '../text/normalise.js';

/**
 * Research data on demand (issue 20, docs/product/live-data.md): a domain or keyword the warehouse lacks, or whose
 * fetched data is older than LIVE_DATA_MAX_AGE_DAYS, can be fetched from the configured data provider by a job.
 */
export const liveDataSubjectKinds = ['domain', 'keyword'] as const;
export type LiveDataSubjectKind = (typeof liveDataSubjectKinds)[number];

/** The one subject of a live-data call: `domain=` or `keyword=`, and the territory. */
export const liveDataSubjectSchema = z
  .object({
    domain: z.string().max(300).optional(),
    keyword: z.string().max(2000, 'The keyword is at most 2000 characters.').optional(),
    countryCode: countryCodeSchema,
  })
  .transform((query, context) => {
    if ((query.domain === undefined) === (query.keyword === undefined)) {
      context.addIssue({ code: 'custom', message: 'Give either domain or keyword.' });
      return z.NEVER;
    }
    if (query.domain !== undefined) {
      const host = hostOfText(query.domain);
      if (!host) {
        context.addIssue({ code: 'custom', path: ['domain'], message: `"${query.domain}" is not a domain name.` });
        return z.NEVER;
      }
      return { kind: 'domain' as const, subject: host, territory: query.countryCode };
    }
    const keyword = normaliseKeyword(query.keyword!);
    if (!keyword) {
      context.addIssue({ code: 'custom', path: ['keyword'], message: 'The keyword is empty.' });
      return z.NEVER;
    }
    return { kind: 'keyword' as const, subject: keyword, territory: query.countryCode };
  });
export type LiveDataSubject = z.output<typeof liveDataSubjectSchema>;

/** One part of a fetch, in the order the job fetches them (the page fills in as each lands). */
export const liveDataSteps = ['overview', 'keywords', 'competitors', 'ads', 'backlinks-summary', 'backlinks', 'keyword-data', 'keyword-results'] as const;
export type LiveDataStep = (typeof liveDataSteps)[number];

/** What the page says of each step. */
export const liveDataStepNames: Record<LiveDataStep, string> = {
  overview: 'Overview history',
  keywords: 'Organic keywords',
  competitors: 'Competitors',
  ads: 'Ads (paid keywords)',
  'backlinks-summary': 'Backlinks summary',
  backlinks: 'Backlinks',
  'keyword-data': 'Keyword volume, CPC and competition',
  'keyword-results': 'Search results page',
};

/** The provider's cost of one fetch before it runs: the most it can cost with the configured limits. */
export const liveDataEstimateSchema = z.object({
  /** Provider units: DataForSEO bills US dollars of prepaid credit. */
  units: z.number(),
  unitName: z.string(),
  /** One line per request: what it asks for and what it may cost. */
  requests: z.array(z.object({ step: z.enum(liveDataSteps), label: z.string(), units: z.number() })),
});
export type LiveDataEstimate = z.infer<typeof liveDataEstimateSchema>;

/** The last fetch of a subject (the page's provenance line: "Source: DataForSEO, fetched 27 Nov 2026"). */
export const liveDataFetchSchema = z.object({
  jobId: z.string(),
  /** The provider as people name it. */
  source: z.string(),
  /** YYYY-MM-DD (UTC) the data was fetched. */
  fetchedOn: z.string(),
  /** The data is older than LIVE_DATA_MAX_AGE_DAYS: the page offers a new fetch. */
  stale: z.boolean(),
  /** What the provider charged (its `cost` fields summed); null while unknown. */
  cost: z.number().nullable(),
});
export type LiveDataFetch = z.infer<typeof liveDataFetchSchema>;

/** GET /rest/live-data?domain=|keyword=&countryCode= */
export const liveDataStateSchema = z.object({
  /** Null: the install has no data provider (DATA_PROVIDER=demo): nothing to offer. */
  provider: z.object({ id: z.literal('dataforseo'), name: z.string() }).nullable(),
  kind: z.enum(liveDataSubjectKinds),
  subject: z.string(),
  territory: z.string(),
  /** The warehouse already has data of the subject in the territory (from any source). */
  inWarehouse: z.boolean(),
  /** The newest completed fetch of the subject in the territory; null: never fetched. */
  lastFetch: liveDataFetchSchema.nullable(),
  /** The fetch running for the subject (anyone's: one fetch serves everyone); null: none. */
  runningJobId: z.string().nullable(),
  /** "Get live data" is offered: a provider is configured and the subject is missing or stale. */
  offered: z.boolean(),
  /** The install fetches by itself when a logged-in user opens a missing subject (LIVE_DATA_AUTO_FETCH). */
  autoFetch: z.boolean(),
  estimate: liveDataEstimateSchema.nullable(),
  /** The viewer's fetches this calendar month (UTC); null for a visitor (fetching needs an account). */
  quota: z.object({ used: z.number(), limit: z.number() }).nullable(),
  /** Why the viewer cannot fetch now (log in, quota used up); null: they can. */
  blockedReason: z.string().nullable(),
});
export type LiveDataState = z.infer<typeof liveDataStateSchema>;

/** POST /rest/live-data (202): the fetch started, or the one already running for the subject. */
export const liveDataStartedSchema = z.object({ jobId: z.string(), alreadyRunning: z.boolean() });
export type LiveDataStarted = z.infer<typeof liveDataStartedSchema>;

/** The live-data job's result: what landed, per step, and the provider's charge. */
export const liveDataResultSchema = z.object({
  sourceId: z.number().int().nullable(),
  provider: z.string(),
  fetchedOn: z.string(),
  cost: z.number(),
  rows: z.record(z.string(), z.number().int()),
});
export type LiveDataResult = z.infer<typeof liveDataResultSchema>;
