import type { EntityManager } from '@mikro-orm/postgresql';
import { liveDataJob, liveDataStepNames, type JobPayload, type LiveDataResult, type LiveDataStep } from '@serpwise/contracts';
import { liveDataErrorMessage, SerpProviderError, withBackoff, type BackoffOptions, type FetchLimits, type ResearchDataProvider } from '@serpwise/platform';
import {
  createWarehouseSource,
  landProviderAds,
  landProviderBacklinks,
  landProviderCompetitors,
  landProviderKeywordNumbers,
  landProviderMonths,
  landProviderRanks,
  landProviderResults,
  type ProviderLanding,
} from '@serpwise/research';
import { UnrecoverableError } from 'bullmq';
import type pg from 'pg';
import { JobCancelledError, type JobContext, type JobHandler } from '../jobs/job-handler.js';
import { recordedJob } from '../jobs/recorded-job.js';

/** What a retried attempt goes on from: the fetch's source, the steps landed, their rows and what they cost. */
interface Checkpoint {
  sourceId: number;
  fetchedOn: string;
  done: LiveDataStep[];
  rows: Record<string, number>;
  cost: number;
  backlinksSummary?: unknown;
}

const domainSteps: LiveDataStep[] = ['overview', 'keywords', 'competitors', 'ads', 'backlinks-summary', 'backlinks'];
const keywordSteps: LiveDataStep[] = ['keyword-data', 'keyword-results'];
const count = (n: number) => n.toLocaleString('en-US');

/**
 * Fetches one domain's or keyword's research data from the data provider and lands it step by step (docs/architecture.md,
 * "How live research data is fetched"): each step is one provider call (retried with backoff on rate limits and
 * outages) and one warehouse transaction, then a checkpoint and a `job.updated` naming what landed, so the page
 * reloads its figures as they arrive and a retried attempt goes on from the next step. A provider refusal that
 * retrying cannot mend (login, credit, a refused request) fails the job at once with the words for the user.
 */
export class LiveDataProcessor implements JobHandler<typeof liveDataJob> {
  readonly contract = liveDataJob;

  constructor(
    private readonly em: () => EntityManager,
    private readonly pool: pg.Pool,
    private readonly provider: ResearchDataProvider | null,
    private readonly limits: FetchLimits,
    private readonly backoff: BackoffOptions,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async handle(payload: JobPayload<typeof liveDataJob>, context: JobContext): Promise<LiveDataResult> {
    const { input } = await recordedJob(this.em(), liveDataJob, payload.jobId);
    const provider = this.provider;
    if (!provider) throw new UnrecoverableError('This installation has no data provider (DATA_PROVIDER=demo).');
    const steps = input.kind === 'domain' ? domainSteps : keywordSteps;
    const saved = context.checkpoint as Checkpoint | null;
    const state: Checkpoint = saved?.sourceId
      ? { ...saved, done: [...saved.done], rows: { ...saved.rows } }
      : { sourceId: await this.createSource(provider, input, payload.jobId), fetchedOn: this.now().toISOString().slice(0, 10), done: [], rows: {}, cost: 0 };
    const landing: ProviderLanding = { sourceId: state.sourceId, territory: input.territory, date: state.fetchedOn };
    const target = { target: input.subject, territory: input.territory };
    const call = <T>(work: () => Promise<{ data: T; cost: number }>) => withBackoff(work, this.backoff);

    const report = async (message: string) => {
      if (!(await context.progress(state.done.length, steps.length, message))) throw new JobCancelledError();
    };
    // A cancel that came while the provider answered: the answer is not landed (nothing lands after a cancel).
    const stillOwned = async () => {
      if (!(await context.stillActive())) throw new JobCancelledError();
    };
    await report(state.done.length ? `Going on from ${liveDataStepNames[steps[state.done.length]!]}` : `Asking ${provider.name} for ${input.subject}`);

    for (const step of steps) {
      if (state.done.includes(step)) continue;
      let landed: number;
      try {
        landed = await this.runStep(step, { call, provider, target, landing, subject: input.subject, state, stillOwned });
      } catch (error) {
        if (error instanceof JobCancelledError) throw error;
        const message = `${liveDataStepNames[step]}: ${liveDataErrorMessage(error, provider.name)}`;
        // Retrying mends rate limits and outages (the queue runs the job again from this step); not a refusal.
        if (error instanceof SerpProviderError && !error.retryable) throw new UnrecoverableError(message);
        throw new Error(message, { cause: error });
      }
      state.done.push(step);
      state.rows[step] = landed;
      if (!(await context.saveCheckpoint({ ...state }))) throw new JobCancelledError();
      await report(`${liveDataStepNames[step]}: ${count(landed)} landed`);
    }
    await this.completeSource(state);
    return { sourceId: state.sourceId, provider: provider.id, fetchedOn: state.fetchedOn, cost: Math.round(state.cost * 10_000) / 10_000, rows: state.rows };
  }

  private async runStep(
    step: LiveDataStep,
    run: {
      call: <T>(work: () => Promise<{ data: T; cost: number }>) => Promise<{ data: T; cost: number }>;
      provider: ResearchDataProvider;
      target: { target: string; territory: string };
      landing: ProviderLanding;
      subject: string;
      state: Checkpoint;
      stillOwned: () => Promise<void>;
    },
  ): Promise<number> {
    const { call, provider, target, landing, subject, state } = run;
    // The answer is paid for either way; it lands only while the job is still this run's (not cancelled meanwhile).
    const paid = async <T>(answer: { data: T; cost: number }) => {
      state.cost += answer.cost;
      await run.stillOwned();
      return answer.data;
    };
    switch (step) {
      case 'overview': {
        const months = await paid(await call(() => provider.overviewHistory(target)));
        return this.withClient((client) => landProviderMonths(client, landing, subject, months));
      }
      case 'keywords': {
        const ranks = await paid(await call(() => provider.rankedKeywords(target, this.limits.keywords)));
        return this.withClient((client) => landProviderRanks(client, landing, ranks));
      }
      case 'competitors': {
        const competitors = await paid(await call(() => provider.competitors(target, this.limits.competitors)));
        return this.withClient((client) => landProviderCompetitors(client, landing, subject, competitors));
      }
      case 'ads': {
        const ads = await paid(await call(() => provider.paidKeywords(target, this.limits.paidKeywords)));
        return this.withClient((client) => landProviderAds(client, landing, subject, ads));
      }
      case 'backlinks-summary': {
        const summary = await paid(await call(() => provider.backlinksSummary(target)));
        state.backlinksSummary = summary;
        return summary?.backlinks ?? 0;
      }
      case 'backlinks': {
        const links = await paid(await call(() => provider.backlinks(target, this.limits.backlinks)));
        return this.withClient((client) => landProviderBacklinks(client, landing, links));
      }
      case 'keyword-data': {
        const numbers = await paid(await call(() => provider.keywordNumbers([subject], target.territory)));
        return this.withClient((client) => landProviderKeywordNumbers(client, landing, numbers));
      }
      case 'keyword-results': {
        const page = await paid(await call(() => provider.resultsPage(subject, target.territory)));
        return this.withClient((client) => landProviderResults(client, landing, page));
      }
    }
  }

  private async createSource(provider: ResearchDataProvider, input: { kind: string; subject: string; territory: string }, jobId: string): Promise<number> {
    return this.withClient(async (client) => {
      const source = await createWarehouseSource(client, {
        kind: 'provider',
        label: `${provider.name}: ${input.subject} (${input.territory})`,
        details: { provider: provider.id, purpose: 'live-data', jobId, ...input },
        ownerUserId: null,
      });
      return source.sourceId;
    });
  }

  /** The source says what the fetch brought and cost once it is whole (kept with the rows: their provenance). */
  private async completeSource(state: Checkpoint): Promise<void> {
    await this.withClient((client) =>
      client.query(`update data_source set details = details || $2::jsonb where id = $1`, [
        state.sourceId,
        JSON.stringify({ fetchedOn: state.fetchedOn, cost: state.cost, rows: state.rows, backlinksSummary: state.backlinksSummary ?? null, complete: true }),
      ]),
    );
  }

  private async withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  }
}
