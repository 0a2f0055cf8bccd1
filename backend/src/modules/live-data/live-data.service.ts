import { ConflictException, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { liveDataJob, type Environment, type LiveDataStarted, type LiveDataState, type LiveDataSubject } from '@serpwise/contracts';
import { createResearchDataProvider, ENVIRONMENT, fetchLimitsOf, JobStarter, type ResearchDataProvider } from '@serpwise/platform';
import { sqlFromEntityManager } from '@serpwise/research';
import { createHash } from 'node:crypto';
import { PRIMARY_WAREHOUSE_SQL, type WarehouseSql } from '../research/warehouse-sql.provider.js';
import { planOf } from '../limits/limit-messages.js';
import type { Identity, RequestSession } from '../sessions/request-session.js';
import { LiveDataRecords } from './live-data-records.js';

const dayMs = 24 * 60 * 60 * 1000;
/** How people name each provider a fetch was made from (the fetch keeps its provider's id). */
const providerNames: Record<string, string> = { dataforseo: 'DataForSEO' };
const dateText = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * Research data on demand (issue 20, docs/product/live-data.md): says what the page may offer for a subject — a
 * fetch, its expected cost, the viewer's monthly quota, the last fetch (the page's provenance) — and starts the
 * fetch job. One fetch per user and subject at a time; a subject fetched less than LIVE_DATA_MAX_AGE_DAYS ago is
 * answered from the warehouse (the cache) and not fetched again.
 */
@Injectable()
export class LiveDataService {
  private readonly provider: ResearchDataProvider | null;
  private readonly records: LiveDataRecords;

  constructor(
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    @Inject(PRIMARY_WAREHOUSE_SQL) warehouse: WarehouseSql,
    em: EntityManager,
    private readonly starter: JobStarter,
  ) {
    this.provider = createResearchDataProvider(environment);
    this.records = new LiveDataRecords(warehouse, sqlFromEntityManager(em));
  }

  async state(subject: LiveDataSubject, identity: Identity | undefined): Promise<LiveDataState> {
    const [presence, last, lastFailed, running, used] = await Promise.all([
      this.records.presence(subject),
      this.records.lastFetch(subject),
      this.records.lastFailed(subject),
      identity ? this.records.running(subject, identity.user.id) : Promise.resolve(null),
      identity ? this.records.usedThisMonth(identity.user.id) : Promise.resolve(null),
    ]);
    const maxAgeMs = this.environment.LIVE_DATA_MAX_AGE_DAYS * dayMs;
    const olderThanMaxAge = (day: string) => Date.now() - Date.parse(`${day}T00:00:00Z`) > maxAgeMs;
    const stale = last ? olderThanMaxAge(last.fetchedOn) : presence.newestMonth !== null && olderThanMaxAge(presence.newestMonth);
    // A failed fetch may have landed some parts (the subject is then "in the warehouse"): it is offered again.
    const offered = this.provider !== null && !running && (lastFailed || (last ? stale : !presence.inWarehouse || stale));
    const limit = identity ? this.quotaOf(identity) : null;
    const quota = identity && used !== null ? { used, limit: limit! } : null;
    return {
      provider: this.provider ? { id: this.provider.id, name: this.provider.name } : null,
      kind: subject.kind,
      subject: subject.subject,
      territory: subject.territory,
      inWarehouse: presence.inWarehouse,
      lastFetch: last ? { jobId: last.jobId, fetchedOn: last.fetchedOn, cost: last.cost, source: providerNames[last.provider ?? ''] ?? last.provider ?? 'the data provider', stale } : null,
      runningJobId: running,
      offered,
      autoFetch: this.environment.LIVE_DATA_AUTO_FETCH,
      estimate: this.provider ? this.provider.estimate(subject.kind, fetchLimitsOf(this.environment)) : null,
      quota,
      blockedReason: !identity
        ? 'Log in to get live data.'
        : quota && quota.used >= quota.limit
          ? `You have used your ${quota.limit} live-data ${quota.limit === 1 ? 'fetch' : 'fetches'} for this month. Upgrade your plan, or wait until the 1st.`
          : null,
    };
  }

  async start(subject: LiveDataSubject, session: RequestSession, identity: Identity): Promise<LiveDataStarted> {
    if (!this.provider) throw new ConflictException('This installation has no data provider: set DATA_PROVIDER=dataforseo (docs/deployment.md, "Live research data").');
    const running = await this.records.running(subject, identity.user.id);
    if (running) return { jobId: running, alreadyRunning: true };
    const state = await this.state(subject, identity);
    if (state.blockedReason) throw new ForbiddenException(state.blockedReason);
    if (state.lastFetch && !state.lastFetch.stale) {
      throw new ConflictException(
        `${subject.subject} was fetched from ${state.lastFetch.source} on ${dateText(state.lastFetch.fetchedOn)}; it is kept for ${this.environment.LIVE_DATA_MAX_AGE_DAYS} days, so it is shown as it is.`);
    }
    const dedupeKey = `live-data:${createHash('sha256').update([identity.user.id, subject.kind, subject.territory, subject.subject].join('\n')).digest('hex').slice(0, 40)}`;
    const steps = subject.kind === 'domain' ? 6 : 2;
    const { job, created } = await this.starter.start(liveDataJob, {
      owner: { sessionId: session.id, userId: identity.user.id },
      input: { kind: subject.kind, subject: subject.subject, territory: subject.territory },
      total: steps,
      dedupeKey,
      whenQueueDown: 'fail',
    });
    return { jobId: job.id, alreadyRunning: !created };
  }

  private quotaOf(identity: Identity): number {
    return planOf(identity) === 'full' ? this.environment.LIVE_DATA_FETCHES_PER_MONTH_FULL : this.environment.LIVE_DATA_FETCHES_PER_MONTH_FREE;
  }
}
