import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { BillingRepository, JobRecordRepository, UserRepository, createOrmConfig } from '@serpwise/database';
import {
  BullJobQueue,
  SandboxPaymentGateway,
  createLogger,
  createMailer,
  environmentOrExit,
  createMetricsRegistry,
  createRedisConnection,
  queueKeyPrefix,
  redisCheck,
} from '@serpwise/backend/platform';
import { startWorkerHttpServer } from './http/worker-http-server.js';
import { JobMetrics } from './jobs/job-metrics.js';
import { JobRunner } from './jobs/job-runner.js';
import { OrphanReconciler } from './jobs/orphan-reconciler.js';
import { DiagnosticProcessor } from './processors/diagnostic.processor.js';
import { RedisJobEvents } from './realtime/job-events.emitter.js';
import { ScheduledTaskRunner } from './schedules/scheduled-task-runner.js';
import { subscriptionRenewalsTask } from './schedules/subscription-renewals.task.js';

const environment = environmentOrExit();
const logger = createLogger(environment, 'worker');
const orm = await MikroORM.init(createOrmConfig({ databaseUrl: environment.DATABASE_URL, poolMax: environment.DATABASE_POOL_MAX }));
const redis = createRedisConnection(environment, 'serpwise-worker-main');
const registry = createMetricsRegistry('worker');
const records = () => new JobRecordRepository(orm.em.fork());

// Every registered job needs a handler here; the runner refuses to start otherwise.
const handlers = [new DiagnosticProcessor(() => orm.em.fork(), redis, environment)];

// Recurring work (job schedulers). The sandbox gateway is the payments default, as in the API's BillingModule.
const scheduledTasks = new ScheduledTaskRunner(
  [
    subscriptionRenewalsTask({
      billing: () => new BillingRepository(orm.em.fork()),
      users: () => new UserRepository(orm.em.fork()),
      gateway: new SandboxPaymentGateway(),
      mailer: createMailer(environment),
    }),
  ],
  environment,
  logger,
);

const runner = new JobRunner(handlers, orm, new RedisJobEvents(redis, environment.REDIS_PREFIX), environment, logger, new JobMetrics(registry));
const queue = new BullJobQueue(redis, queueKeyPrefix(environment.REDIS_PREFIX));
const reconciler = new OrphanReconciler(records, queue, logger, Math.max(60_000, environment.JOB_LOCK_DURATION_MS * 2));
const http = await startWorkerHttpServer(environment.WORKER_PORT, environment.HOST, registry, {
  database: () => orm.em.fork().execute('select 1'),
  redis: redisCheck(redis),
});

runner.start();
reconciler.startEvery(60_000);
await scheduledTasks.start();
logger.info({ port: environment.WORKER_PORT }, 'Serpwise worker started');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'worker stopping: finishing the jobs in hand');
  reconciler.stop();
  http.close();
  await scheduledTasks.stop();
  await runner.stop();
  await queue.close();
  await redis.quit().catch(() => redis.disconnect());
  await orm.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
