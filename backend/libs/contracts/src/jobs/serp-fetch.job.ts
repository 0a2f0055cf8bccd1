import { z } from 'zod';
import { defineJob, jobIdPayload } from './job-contract.js';

/** The queue of jobs that call the SERP provider (docs/research-data.md, "SERP providers"). */
export const serpQueue = 'serp';

/**
 * Fetches a user's requested keywords from the configured SERP provider and lands them in the warehouse:
 * requested_keyword moves queued → processing → ready (or failed with a reason). Its input names the user and
 * the territory. Attempts are generous: a provider that is down for a while must not lose a request.
 */
export const requestedKeywordsJob = defineJob({
  queue: serpQueue,
  name: 'keywords.fetch-requested',
  payload: jobIdPayload,
  input: z.object({ userId: z.string().min(1), territory: z.string().default('US') }),
  result: z.object({
    requested: z.number().int().min(0),
    ready: z.number().int().min(0),
    failed: z.number().int().min(0),
    provider: z.string(),
    /** The warehouse data_source of this fetch; null when nothing was landed. */
    sourceId: z.number().int().nullable(),
  }),
  attempts: 6,
});
export type RequestedKeywordsResult = z.infer<typeof requestedKeywordsJob.result>;
