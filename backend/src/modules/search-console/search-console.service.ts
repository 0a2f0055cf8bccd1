import { BadGatewayException, BadRequestException, ForbiddenException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException, type OnModuleDestroy } from '@nestjs/common';
import {
  searchConsoleMessages,
  searchConsolePermissionLevels,
  searchConsoleRemoveJob,
  searchConsoleRemoveKey,
  searchConsoleSyncJob,
  searchConsoleSyncKey,
  type Environment,
  type SearchConsoleCountry,
  type SearchConsoleMonth,
  type SearchConsoleProperty,
  type SearchConsoleSite,
  type SearchConsoleState,
  type SearchConsoleSyncStatus,
} from '@serpwise/contracts';
import { JobRecordRepository, SearchConsoleRepository, type OwnedJobStatus, type StoredSearchConsoleProperty } from '@serpwise/database';
import { presentJob, presentSearchConsoleSync, JOB_PRESENTERS, type JobPresenters } from '@serpwise/domain';
import { ENVIRONMENT, JobStarter, SearchConsoleAuthorisations, searchConsoleAuthorizeUrl, searchConsoleRedirectUri, GoogleScopeNotGrantedError } from '@serpwise/platform';
import { domainOfProperty, openPgPool, searchConsoleCountries, searchConsoleMonths } from '@serpwise/research';
import type pg from 'pg';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import type { Identity, RequestSession } from '../sessions/request-session.js';

/** Properties whose data Google gives the user: owners and full or restricted users (an unverified user sees none). */
const readable = new Set<string>(searchConsolePermissionLevels.filter((level) => level !== 'siteUnverifiedUser'));

const firstDayOf = (environment: Environment, now = new Date()) => {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - environment.SEARCH_CONSOLE_BACKFILL_MONTHS, now.getUTCDate()));
  return first.toISOString().slice(0, 10);
};

/**
 * Search Console by API (issue 20, point 1; docs/product/search-console.md): connect (the consent code → the
 * encrypted refresh token), the properties the user's Google account can read, picking some (each starts its
 * backfill job), each picked property's progress and its site's clicks by month, and disconnect (tokens gone; on
 * request the data too). Every call reads and changes only the caller's own connection and properties.
 */
@Injectable()
export class SearchConsoleService implements OnModuleDestroy {
  private readonly pool: pg.Pool;

  constructor(
    private readonly authorisations: SearchConsoleAuthorisations,
    private readonly properties: SearchConsoleRepository,
    private readonly jobs: JobRecordRepository,
    private readonly starter: JobStarter,
    private readonly realtime: RealtimeGateway,
    @Inject(JOB_PRESENTERS) private readonly presenters: JobPresenters,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {
    const logger = new Logger(SearchConsoleService.name);
    this.pool = openPgPool({ connectionString: environment.DATABASE_URL, max: environment.DATABASE_SEARCH_CONSOLE_POOL_MAX, application_name: 'serpwise-api-search-console' }, (error) =>
      logger.warn(`PostgreSQL dropped a Search Console connection: ${error.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }

  async state(identity: Identity): Promise<SearchConsoleState> {
    const configured = this.authorisations.configured;
    const userId = identity.user.id;
    const connected = configured && (await this.authorisations.has(userId));
    const stored = await this.properties.propertiesOf(userId);
    const latest = await this.jobs.latestForPayloadValues(searchConsoleSyncJob.name, 'propertyId', stored.map((property) => property.id));
    const [removal] = await this.jobs.listByUser(userId, searchConsoleRemoveJob.name, 1);
    return {
      configured,
      connected,
      authorizeUrl: searchConsoleAuthorizeUrl(this.environment),
      properties: stored.map((property) => this.presentProperty(property, latest.get(property.id) ?? null, userId)),
      removal: removal ? presentJob(this.presenters, removal) : null,
    };
  }

  async connect(identity: Identity, code: string): Promise<SearchConsoleState> {
    this.requireConfigured();
    try {
      await this.authorisations.connect(identity.user.id, code, searchConsoleRedirectUri(this.environment));
    } catch (error) {
      const message = error instanceof GoogleScopeNotGrantedError ? searchConsoleMessages.scopeMissing : searchConsoleMessages.authorisationFailed;
      throw new BadRequestException({ statusCode: 400, message, errors: [message] });
    }
    return this.state(identity);
  }

  /** The properties the user's Google account can read, as sites.list answers, each marked when already picked. */
  async sites(identity: Identity): Promise<SearchConsoleSite[]> {
    const listed = await this.listSites(identity.user.id);
    const picked = new Set((await this.properties.propertiesOf(identity.user.id)).map((property) => property.siteUrl));
    return listed
      .map((site) => ({ ...site, domain: domainOfProperty(site.siteUrl), picked: picked.has(site.siteUrl) }))
      .sort((a, b) => a.siteUrl.localeCompare(b.siteUrl));
  }

  /** Picks properties (only those Google lists as readable for this user) and starts each one's backfill. */
  async pick(session: RequestSession, identity: Identity, siteUrls: readonly string[]): Promise<SearchConsoleState> {
    const userId = identity.user.id;
    const listed = new Map((await this.listSites(userId)).map((site) => [site.siteUrl, site]));
    const chosen = [...new Set(siteUrls)].map((siteUrl) => {
      const site = listed.get(siteUrl);
      const domain = site && readable.has(site.permissionLevel) ? domainOfProperty(site.siteUrl) : null;
      if (!site || !domain) throw new BadRequestException({ statusCode: 400, message: searchConsoleMessages.notYours, errors: [`${searchConsoleMessages.notYours} (${siteUrl})`] });
      return { ...site, domain };
    });
    for (const site of chosen) {
      const property = await this.properties.pick({ ownerUserId: userId, siteUrl: site.siteUrl, domain: site.domain, permissionLevel: site.permissionLevel, firstDay: firstDayOf(this.environment) });
      await this.startSync(session, userId, property, property.daysDone === 0 ? 'backfill' : 'daily');
    }
    return this.state(identity);
  }

  /** Starts a sync of one picked property now (the page's "Sync now"); a running one is answered instead. */
  async syncNow(session: RequestSession, identity: Identity, propertyId: string): Promise<SearchConsoleState> {
    this.requireConnected(await this.authorisations.has(identity.user.id));
    const property = await this.owned(identity, propertyId);
    await this.startSync(session, identity.user.id, property, 'daily');
    return this.state(identity);
  }

  months(identity: Identity, propertyId: string): Promise<SearchConsoleMonth[]> {
    return this.readOwned(identity, propertyId, searchConsoleMonths);
  }

  countries(identity: Identity, propertyId: string): Promise<SearchConsoleCountry[]> {
    return this.readOwned(identity, propertyId, searchConsoleCountries);
  }

  /** A read of one of the caller's properties (404 when not theirs) on a pooled connection. */
  private async readOwned<Answer>(identity: Identity, propertyId: string, read: (client: pg.PoolClient, propertyId: string) => Promise<Answer>): Promise<Answer> {
    const property = await this.owned(identity, propertyId);
    const client = await this.pool.connect();
    try {
      return await read(client, property.id);
    } finally {
      client.release();
    }
  }

  /**
   * Forgets the tokens (and revokes them at Google), stops the running syncs and, on request, starts the removal of
   * every row the properties brought (a job: a large site's 16 months take a while). The tokens go even when Google
   * cannot be reached to revoke them.
   */
  async disconnect(session: RequestSession, identity: Identity, removeData: boolean): Promise<SearchConsoleState & { message: string }> {
    const userId = identity.user.id;
    await this.authorisations.revoke(userId).catch(() => undefined);
    const stored = await this.properties.propertiesOf(userId);
    const latest = await this.jobs.latestForPayloadValues(searchConsoleSyncJob.name, 'propertyId', stored.map((property) => property.id));
    for (const job of latest.values()) {
      if (job.owner.userId !== userId || (job.state !== 'queued' && job.state !== 'active')) continue;
      const cancelled = await this.jobs.cancel(job.id);
      if (cancelled) this.realtime.jobUpdated(cancelled.owner, presentSearchConsoleSync(cancelled));
    }
    if (removeData) {
      // Marked first: the page no longer lists them, and no sync lands anything of them while they go.
      const propertyIds = await this.properties.markRemoving(userId);
      if (propertyIds.length) {
        await this.starter.start(searchConsoleRemoveJob, {
          owner: { sessionId: session.id, userId },
          input: { propertyIds },
          total: propertyIds.length,
          dedupeKey: searchConsoleRemoveKey(userId),
          whenQueueDown: 'reconcile',
        });
      }
    }
    return { ...(await this.state(identity)), message: removeData ? searchConsoleMessages.disconnectedWithData : searchConsoleMessages.disconnected };
  }

  private async startSync(session: RequestSession, userId: string, property: StoredSearchConsoleProperty, mode: 'backfill' | 'daily'): Promise<void> {
    await this.starter.start(searchConsoleSyncJob, {
      owner: { sessionId: session.id, userId },
      input: { propertyId: property.id, siteUrl: property.siteUrl, mode },
      total: 0,
      dedupeKey: searchConsoleSyncKey(property.id),
      whenQueueDown: 'fail',
    });
  }

  private async listSites(userId: string) {
    this.requireConfigured();
    let client;
    try {
      client = await this.authorisations.clientFor(userId, { maxTries: 2, backoffMs: 500 });
    } catch {
      throw new ForbiddenException({ statusCode: 403, message: searchConsoleMessages.notConnected, data: { searchConsoleConnectionRequired: true } });
    }
    try {
      return await client.sites();
    } catch {
      throw new BadGatewayException({ statusCode: 502, message: searchConsoleMessages.googleUnreachable, errors: [searchConsoleMessages.googleUnreachable] });
    }
  }

  private async owned(identity: Identity, propertyId: string): Promise<StoredSearchConsoleProperty> {
    const property = await this.properties.property(identity.user.id, propertyId);
    if (!property) throw new NotFoundException(searchConsoleMessages.propertyNotFound);
    return property;
  }

  private presentProperty(property: StoredSearchConsoleProperty, job: OwnedJobStatus | null, userId: string): SearchConsoleProperty {
    const lastSync: SearchConsoleSyncStatus | null = job && job.owner.userId === userId ? presentSearchConsoleSync(job) : null;
    return { id: property.id, siteUrl: property.siteUrl, domain: property.domain, firstDay: property.firstDay, daysDone: property.daysDone, lastDay: property.lastDay, rows: property.rows, lastSync };
  }

  private requireConfigured(): void {
    if (!this.authorisations.configured) throw new ServiceUnavailableException({ statusCode: 503, message: searchConsoleMessages.notConfigured, errors: [searchConsoleMessages.notConfigured] });
  }

  private requireConnected(connected: boolean): void {
    if (!connected) throw new ForbiddenException({ statusCode: 403, message: searchConsoleMessages.notConnected, data: { searchConsoleConnectionRequired: true } });
  }
}
