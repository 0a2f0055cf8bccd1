import type { EntityManager } from '@mikro-orm/postgresql';
import { requestedKeywordsJob, type JobPayload, type RequestedKeywordsResult } from '@serpwise/contracts';
import { RequestedKeywordRepository } from '@serpwise/database';
import { type SerpPage, type SerpProvider, SerpProviderError } from '@serpwise/platform';
import { JobCancelledError, type JobContext, type JobHandler } from '../jobs/job-handler.js';
import { recordedJob } from '../jobs/recorded-job.js';
import type { SerpLanding } from '../serp/serp-landing.js';

/** Fetched pages are landed in batches: each landing rolls up its months, so not one per keyword. */
const landingBatch = 25;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Fetches a user's requested keywords (docs/architecture.md, "How a requested keyword is fetched"): claims the
 * queued ones (→ processing), fetches each from the SERP provider (its own backoff retries 429 and 5xx), lands
 * them in batches as one provider source each, and marks them ready. A keyword the provider refuses (bad key,
 * bad request) is marked failed with the reason at once. When the provider stays unavailable the attempt throws
 * and BullMQ runs the job again later (the claimed keywords stay processing, the next attempt takes them up);
 * the last attempt marks what is left failed, so no request is silently lost or stuck.
 */
export class RequestedKeywordsProcessor implements JobHandler<typeof requestedKeywordsJob> {
  readonly contract = requestedKeywordsJob;

  constructor(
    private readonly em: () => EntityManager,
    private readonly provider: SerpProvider,
    private readonly landing: SerpLanding,
  ) {}

  async handle(payload: JobPayload<typeof requestedKeywordsJob>, context: JobContext): Promise<RequestedKeywordsResult> {
    const { userId, territory } = (await recordedJob(this.em(), requestedKeywordsJob, payload.jobId)).input;
    const requests = () => new RequestedKeywordRepository(this.em());

    const terms = await requests().claimForFetch(userId, payload.jobId);
    let sourceId: number | null = typeof context.checkpoint?.sourceId === 'number' ? context.checkpoint.sourceId : null;
    const done = { ready: Number(context.checkpoint?.ready ?? 0), failed: Number(context.checkpoint?.failed ?? 0) };
    const total = terms.length + done.ready + done.failed;
    const report = async (message: string) => {
      if (!(await context.progress(done.ready + done.failed, total, message))) throw new JobCancelledError();
    };
    await report(terms.length ? `Fetching ${terms.length === 1 ? '1 keyword' : `${terms.length} keywords`} from ${this.provider.label}` : 'No keywords waiting');

    const lastAttempt = context.attempt >= this.contract.attempts;
    let pending: SerpPage[] = [];
    const landPending = async () => {
      if (!pending.length) return;
      const batch = pending;
      pending = [];
      // One data source per job: this fetch of the user's requests (kept in the checkpoint across attempts).
      sourceId ??= await this.landing.createSource({
        label: `${this.provider.label} fetch: requested keywords`,
        details: { provider: this.provider.id, purpose: 'requested-keywords', jobId: payload.jobId, territory },
      });
      // Nothing lands from a run that no longer owns the job (cancelled, or taken over after a lost lock).
      if (!(await context.saveCheckpoint({ sourceId, ...done }))) throw new JobCancelledError();
      await this.landing.land(sourceId, batch);
      done.ready += await requests().markReady(payload.jobId, batch.map((page) => page.keyword));
      await context.saveCheckpoint({ sourceId, ...done });
      await report(`${done.ready} of ${total} ready`);
    };

    try {
      for (const term of terms) {
        try {
          pending.push(await this.provider.fetch({ keyword: term, territory }));
        } catch (error) {
          // Retrying cannot help (refused key, bad request): this keyword fails now, the others go on.
          if (error instanceof SerpProviderError && !error.retryable) {
            done.failed += await requests().markFailed(payload.jobId, reasonOf(error), [term]);
            await context.saveCheckpoint({ sourceId, ...done });
            await report(`${term}: ${reasonOf(error)}`);
            continue;
          }
          throw error;
        }
        if (pending.length >= landingBatch) await landPending();
      }
      await landPending();
    } catch (error) {
      if (error instanceof JobCancelledError) throw error;
      // What was fetched before the failure is kept; the rest waits for the next attempt, or fails on the last.
      await landPending().catch(() => undefined);
      if (lastAttempt) done.failed += await requests().markFailed(payload.jobId, `Gave up after ${context.attempt} attempts: ${reasonOf(error)}`);
      throw error;
    }
    return { requested: total, ready: done.ready, failed: done.failed, provider: this.provider.id, sourceId };
  }
}
