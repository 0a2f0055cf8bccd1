// @ts-check
/**
 * The app's job runner with an empty handler (issue 27 point 4, the queues bench's no-op overhead): the built
 * worker's JobRunner (worker/dist) started as worker/src/main.ts and worker.ts start it — the same environment, heap
 * settings, MikroORM, Redis job events and metrics — with a handler for every registered job that does nothing (a
 * diagnostic answers an empty result). So a job costs what the runner adds: its record marked active and completed
 * (on the disk), the events, the attempt log. Prints "ready" once it takes jobs; SIGTERM stops it.
 */
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { diagnosticJob, jobRegistry } from '@serpwise/contracts';
import { createOrmConfig } from '@serpwise/database';
import { jobPresenters } from '@serpwise/domain';
import { createLogger, createMetricsRegistry, createRedisConnection, DownloadLinks, environmentOrExit, keepShortLivedObjectsYoung, limitHeapGrowth } from '@serpwise/platform';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from '../../launcher/paths.mjs';

const built = async (/** @type {string} */ path) => import(pathToFileURL(join(root, 'worker', 'dist', path)).href);
const { JobRunner } = await built('jobs/job-runner.js');
const { JobMetrics } = await built('jobs/job-metrics.js');
const { RedisJobEvents } = await built('realtime/job-events.emitter.js');

limitHeapGrowth();
keepShortLivedObjectsYoung();
const environment = environmentOrExit();
const logger = createLogger(environment, 'worker');
const orm = await MikroORM.init(createOrmConfig({ databaseUrl: environment.DATABASE_URL, poolMax: environment.DATABASE_POOL_MAX, applicationName: 'serpwise-bench-noop-worker' }));
const redis = createRedisConnection(environment, 'serpwise-bench-noop-worker');
const links = await DownloadLinks.create(environment, redis);
const events = new RedisJobEvents(redis, environment.REDIS_PREFIX, jobPresenters(links, environment.EXPORT_FILE_TTL_HOURS));
const handlers = jobRegistry.map((contract) => ({
  contract,
  handle: async () => {
    if (contract !== diagnosticJob) throw new Error(`the no-op bench worker runs diagnostics only, not ${contract.name}`);
    return { steps: [], totalMillis: 0 };
  },
}));
const runner = new JobRunner(handlers, orm, events, environment, logger, new JobMetrics(createMetricsRegistry('worker')));
runner.start();
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  await runner.stop();
  await redis.quit();
  await orm.close(true);
  process.exit(0);
});
