import { MikroORM } from '@mikro-orm/postgresql';
import { queueConcurrencies, registeredQueues, scheduledQueue, type Environment } from '@serpwise/contracts';
import { AnalyticsEventRepository, BillingRepository, GoogleTokenRepository, JobRecordRepository, ScheduledReportRepository, SearchConsoleRepository, UserRepository, createOrmConfig } from '@serpwise/database';
import { BullJobQueue, createFileStore, createResearchDataProvider, fetchLimitsOf, createMailer, createMetricsRegistry, createRedisConnection, createSerpProvider, DownloadLinks, GoogleAuthorisations, JobStarter, queueKeyPrefix, SearchConsoleAuthorisations, redisCheck, SandboxPaymentGateway, serpBackoffOptions, withRetries, WorkerHeartbeats } from '@serpwise/platform';
import { jobPresenters, ReportSchedules } from '@serpwise/domain';
import { openPgPool, sqlFromPg } from '@serpwise/research';
import type { Logger } from 'pino';
import { startWorkerHttpServer } from './http/worker-http-server.js';
import { CpuPool, drawReportOn } from './cpu/cpu-pool.js';
import { JobFileSweeper } from './jobs/job-file-sweeper.js';
import { JobMetrics } from './jobs/job-metrics.js';
import { JobRunner } from './jobs/job-runner.js';
import { OrphanReconciler } from './jobs/orphan-reconciler.js';
import { PeriodicRun } from './jobs/periodic-run.js';
import { onRedisReturn } from './jobs/redis-return.js';
import { DiagnosticProcessor } from './processors/diagnostic.processor.js';
import { ExportProcessor } from './processors/export.processor.js';
import { ReportProcessor } from './processors/report.processor.js';
import { defaultRankAlertSendOptions, RankAlerts } from './alerts/rank-alerts.js';
import { RequestedKeywordsProcessor } from './processors/requested-keywords.processor.js';
import { RedisProjectEvents } from './realtime/project-events.emitter.js';
import { rankRefreshTask } from './schedules/rank-refresh.task.js';
import { WarehouseWriterLanding } from './serp/warehouse-writer.landing.js';
import { LiveDataProcessor } from './processors/live-data.processor.js';
import { ImportProcessor } from './processors/import.processor.js';
import { ImportDeleteProcessor } from './processors/import-delete.processor.js';
import { KeywordImportProcessor, OutreachImportProcessor } from './processors/project-import.processor.js';
import { RedisJobEvents } from './realtime/job-events.emitter.js';
import { ScheduledTaskRunner } from './schedules/scheduled-task-runner.js';
import { subscriptionRenewalsTask } from './schedules/subscription-renewals.task.js';
import { reportSchedulesSyncTask } from './schedules/report-schedules-sync.task.js';
import { scheduledReportDelivery } from './schedules/scheduled-report-delivery.js';
import { SearchConsoleSyncProcessor } from './processors/search-console-sync.processor.js';
import { SearchConsoleRemoveProcessor } from './processors/search-console-remove.processor.js';
import { searchConsoleSyncTask } from './schedules/search-console-sync.task.js';
import { AnalyticsWriter } from './analytics/analytics-writer.js';
import { AnalyticsForwarder } from './analytics/analytics-forwarder.js';
import { keepAnalyticsPartitions } from './analytics/analytics-partition-upkeep.js';

export interface RunningWorker {
  port: number;
  stop(): Promise<void>;
}

/**
 * The worker's composition root: ORM, Redis, the file store, one handler per job, the runner, the reconciler, the
 * export file sweep, the scheduled tasks (job schedulers), and /healthz + /metrics. main.ts runs it as a process; integration tests run it in-process.
 */
export async function startWorker(environment: Environment, logger: Logger, options: { httpPort?: number } = {}): Promise<RunningWorker> {
  const orm = await MikroORM.init(createOrmConfig({ databaseUrl: environment.DATABASE_URL, poolMax: environment.DATABASE_POOL_MAX, applicationName: 'serpwise-worker' }));
  // A connection PostgreSQL drops fails the job using it (BullMQ retries it) and never the process (pg-pool.ts).
  const dropped = (pool: string) => (error: Error) => logger.warn({ pool, err: error }, 'PostgreSQL dropped a connection');
  // Exports read through server-side cursors, one connection each while they run.
  const exportPool = openPgPool({ connectionString: environment.DATABASE_URL, max: environment.DATABASE_JOB_POOL_MAX, application_name: 'serpwise-worker-exports' }, dropped('exports'));
  const redis = createRedisConnection(environment, 'serpwise-worker-main');
  const registry = createMetricsRegistry('worker');
  const records = () => new JobRecordRepository(orm.em.fork());
  const files = createFileStore(environment);
  // SERP fetches: the configured provider (the demo market without one), retried with backoff, landed by the
  // warehouse writer over its own small pool (COPY needs a dedicated connection per landing).
  const warehousePool = openPgPool({ connectionString: environment.DATABASE_URL, max: environment.DATABASE_WAREHOUSE_POOL_MAX, application_name: 'serpwise-worker-warehouse' }, dropped('warehouse'));
  const serpProvider = withRetries(createSerpProvider(environment, sqlFromPg(warehousePool)), {
    ...serpBackoffOptions(environment),
    onRetry: ({ attempt, waitMs, error }) => logger.warn({ provider: error.provider, kind: error.kind, attempt, waitMs }, 'SERP provider call failed; retrying'),
  });
  const serpLanding = new WarehouseWriterLanding(warehousePool);
  const links = await DownloadLinks.create(environment, redis);
  const mailer = createMailer(environment);
  const queue = new BullJobQueue(redis, queueKeyPrefix(environment.REDIS_PREFIX));
  const reportSchedules = new ReportSchedules(redis, queueKeyPrefix(environment.REDIS_PREFIX));

  // CPU-heavy job work runs on these threads, not on the event loop every job's I/O and events go through.
  const cpu = new CpuPool(environment.WORKER_CPU_THREADS);

  // Every registered job needs a handler here; the runner refuses to start otherwise.
  const handlers = [
    new DiagnosticProcessor(() => orm.em.fork(), redis, environment, cpu),
    new ExportProcessor(() => orm.em.fork(), exportPool, files, {
      maxExportRows: environment.EXPORT_MAX_ROWS,
      // Each export reads its owner's Google authorisation afresh (revoked since the request: the export fails).
      sheetsFor: (userId) => new GoogleAuthorisations(environment, new GoogleTokenRepository(orm.em.fork())).sheetsFor(userId),
    }),
    new ReportProcessor(() => orm.em.fork(), files, mailer, {
      publicUrl: environment.PUBLIC_URL,
      links,
      attachmentMaxBytes: Math.round(environment.REPORT_MAIL_ATTACHMENT_MAX_MB * 1024 * 1024),
      linkTtlMs: environment.REPORT_MAIL_LINK_DAYS * 86_400_000,
    }, drawReportOn(cpu)),
    new RequestedKeywordsProcessor(() => orm.em.fork(), serpProvider, serpLanding),
    new LiveDataProcessor(() => orm.em.fork(), warehousePool, createResearchDataProvider(environment), fetchLimitsOf(environment), serpBackoffOptions(environment)),
    // Exports' cursors and imports' transactions each hold one connection while they run.
    new ImportProcessor(() => orm.em.fork(), exportPool, files),
    new ImportDeleteProcessor(() => orm.em.fork(), exportPool, files),
    new KeywordImportProcessor(() => orm.em.fork()),
    new OutreachImportProcessor(() => orm.em.fork()),
    // Each sync reads its owner's Search Console authorisation afresh (disconnected since: the sync fails in words).
    new SearchConsoleSyncProcessor(() => orm.em.fork(), exportPool,
      (userId, options) => new SearchConsoleAuthorisations(environment, new SearchConsoleRepository(orm.em.fork())).clientFor(userId, options),
      { rowLimit: environment.SEARCH_CONSOLE_ROW_LIMIT }),
    new SearchConsoleRemoveProcessor(() => orm.em.fork(), exportPool),
  ];
  const events = new RedisJobEvents(redis, environment.REDIS_PREFIX, jobPresenters(links, environment.EXPORT_FILE_TTL_HOURS));

  // Recurring work (job schedulers). The sandbox gateway is the payments default, as in the API's BillingModule.
  const scheduledTasks = new ScheduledTaskRunner(
    [
      subscriptionRenewalsTask({
        billing: () => new BillingRepository(orm.em.fork()),
        users: () => new UserRepository(orm.em.fork()),
        gateway: new SandboxPaymentGateway(),
        mailer,
        publicUrl: environment.PUBLIC_URL,
      }),
      reportSchedulesSyncTask({ schedules: () => new ScheduledReportRepository(orm.em.fork()), reportSchedules }),
      rankRefreshTask({
        em: () => orm.em.fork(),
        provider: serpProvider,
        landing: serpLanding,
        events: new RedisProjectEvents(redis, environment.REDIS_PREFIX),
        logger,
        alerts: new RankAlerts(() => orm.em.fork(), mailer, logger, { ...defaultRankAlertSendOptions, allowPrivateWebhooks: environment.WEBHOOK_PRIVATE_ADDRESSES_ALLOWED }),
        everyMs: environment.RANK_REFRESH_INTERVAL_MINUTES * 60_000,
      }),
      searchConsoleSyncTask({
        properties: () => new SearchConsoleRepository(orm.em.fork()),
        starter: () => new JobStarter(records(), queue),
        everyMs: environment.SEARCH_CONSOLE_SYNC_INTERVAL_MINUTES * 60_000,
      }),
    ],
    environment,
    logger,
    [
      scheduledReportDelivery({
        schedules: () => new ScheduledReportRepository(orm.em.fork()),
        records,
        users: () => new UserRepository(orm.em.fork()),
        queue,
        reportSchedules,
      }),
    ],
  );

  const runner = new JobRunner(handlers, orm, events, environment, logger, new JobMetrics(registry));
  // A record is a candidate once it has not moved for an interval and two lock durations (a live run moves it sooner).
  const reconciler = new OrphanReconciler(records, queue, events, logger, Math.max(environment.JOB_RECONCILE_INTERVAL_MS, environment.JOB_LOCK_DURATION_MS * 2), (job) => runner.abandonEnded(job));
  const sweeper = new JobFileSweeper(records, files, logger, environment.EXPORT_FILE_TTL_HOURS * 3_600_000, environment.REPORT_MAIL_LINK_DAYS * 86_400_000);
  // Both run at start and then on a timer; a failed round is logged and the next one runs anyway.
  const reconcileRounds = new PeriodicRun(() => reconciler.reconcileOnce(), (error) => logger.warn({ err: error }, 'reconcile failed'));
  const sweepRounds = new PeriodicRun(() => sweeper.sweepOnce(), (error) => logger.warn({ err: error }, 'job file sweep failed'));
  const http = await startWorkerHttpServer(options.httpPort ?? environment.WORKER_PORT, environment.HOST, registry, {
    database: () => orm.em.fork().execute('select 1'),
    redis: redisCheck(redis),
  }, environment.METRICS_TOKEN);

  // Analytics events (docs/product/analytics.md): written in batches; partitions kept ahead and past retention dropped
  // daily; sent on to the collector when one is configured, never in the way of the writing.
  const analyticsForwarder = environment.ANALYTICS_FORWARD_URL && environment.ANALYTICS_FORWARD_KIND
    ? new AnalyticsForwarder(() => orm.em.fork(), {
        kind: environment.ANALYTICS_FORWARD_KIND,
        url: environment.ANALYTICS_FORWARD_URL,
        apiKey: environment.ANALYTICS_FORWARD_KEY,
        domain: environment.ANALYTICS_FORWARD_DOMAIN ?? new URL(environment.PUBLIC_URL).host,
        publicUrl: environment.PUBLIC_URL,
      }, logger)
    : null;
  const analyticsWriter = new AnalyticsWriter(createRedisConnection(environment, 'serpwise-worker-analytics'), {
    prefix: queueKeyPrefix(environment.REDIS_PREFIX),
    batchSize: environment.ANALYTICS_BATCH_SIZE,
    batchWaitMs: environment.ANALYTICS_BATCH_WAIT_MS,
    write: (events) => new AnalyticsEventRepository(orm.em.fork()).addBatch(events),
    afterWrite: () => analyticsForwarder?.nudge(),
  }, logger);
  const analyticsPartitionRounds = new PeriodicRun(() => keepAnalyticsPartitions(orm.em.fork(), environment.ANALYTICS_RETENTION_MONTHS, logger), (error) => logger.warn({ err: error }, 'analytics partition upkeep failed'));
  const analyticsForwardRounds = analyticsForwarder ? new PeriodicRun(() => analyticsForwarder.forwardOnce(), () => undefined) : null;

  runner.start();
  analyticsWriter.start();
  analyticsPartitionRounds.startEvery(24 * 3_600_000);
  analyticsForwardRounds?.startEvery(30_000);
  // Seen by the admin console: host, concurrency, queues, uptime, memory, current jobs, last beat.
  const heartbeats = new WorkerHeartbeats(redis, environment.REDIS_PREFIX, { concurrency: environment.WORKER_CONCURRENCY, queueConcurrency: queueConcurrencies(environment, registeredQueues()), queues: [...registeredQueues(), scheduledQueue], currentJobs: () => runner.currentJobs() });
  heartbeats.start();
  reconcileRounds.startEvery(environment.JOB_RECONCILE_INTERVAL_MS);
  sweepRounds.startEvery(5 * 60_000);
  await scheduledTasks.start();
  // Redis back after an outage, perhaps restarted empty: queued jobs and the schedulers are put back now, not at the
  // reconciler's next tick (a minute) or the next worker start.
  onRedisReturn(redis, logger, () =>
    Promise.all([
      reconciler.reconcileQueuedNow(),
      scheduledTasks.afterRedisReturn(),
    ]).catch((error: unknown) => logger.warn({ err: error }, 'putting jobs back after Redis returned failed')),
  );

  return {
    port: (http.address() as { port: number }).port,
    stop: async () => {
      reconcileRounds.stop();
      await heartbeats.stop();
      sweepRounds.stop();
      await new Promise((resolve) => http.close(resolve));
      await scheduledTasks.stop();
      await runner.stop();
      await cpu.close();
      analyticsPartitionRounds.stop();
      analyticsForwardRounds?.stop();
      await analyticsWriter.stop();
      await analyticsForwarder?.settled();
      await queue.close();
      await reportSchedules.close();
      await redis.quit().catch(() => redis.disconnect());
      await exportPool.end();
      await warehousePool.end();
      await orm.close();
    },
  };
}
