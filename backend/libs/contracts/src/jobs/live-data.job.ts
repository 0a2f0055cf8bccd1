import { z } from 'zod';
import { liveDataResultSchema, liveDataSubjectKinds } from '../live-data/live-data.api.js';
import { defineJob, jobIdPayload } from './job-contract.js';
import { serpQueue } from './serp-fetch.job.js';

/**
 * Fetches a domain's or keyword's research data from the data provider (issue 20, docs/architecture.md "How live
 * research data is fetched") and lands it in the warehouse under one `provider` data source, step by step, so the
 * page fills in as each part lands. On the SERP queue: both spend the same provider account's rate limit.
 */
export const liveDataJob = defineJob({
  queue: serpQueue,
  name: 'live-data.fetch',
  payload: jobIdPayload,
  input: z.object({
    kind: z.enum(liveDataSubjectKinds),
    subject: z.string().min(1),
    territory: z.string().min(2).max(2),
  }),
  result: liveDataResultSchema,
  attempts: 4,
});
