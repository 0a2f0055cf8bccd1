import 'reflect-metadata';
import { createLogger, environmentOrExit, keepShortLivedObjectsYoung, keepStringMethodsFast, limitHeapGrowth } from '@serpwise/platform';
import { workerConnectionBudget } from '@serpwise/contracts';
import { lowerProcessPriority } from './process-priority.js';
import { startWorker } from './worker.js';

limitHeapGrowth();
// Imports' records die young; V8's pretenuring sent them to the old generation (heap-growth.ts).
keepShortLivedObjectsYoung();
// A library's `extends String` left String.prototype a dictionary: every string method call slow (string-prototype.ts).
keepStringMethodsFast();
const environment = environmentOrExit();
// Background work: the API's requests go first on a busy machine (WORKER_NICE; process-priority.ts).
if (environment.WORKER_NICE > 0) lowerProcessPriority(environment.WORKER_NICE);
const logger = createLogger(environment, 'worker');
const worker = await startWorker(environment, logger);
// The most PostgreSQL connections this process opens (docs/deployment.md, "Connection budget").
logger.info({ port: worker.port, postgresConnections: workerConnectionBudget(environment), exportsConcurrency: environment.WORKER_EXPORTS_CONCURRENCY, nice: environment.WORKER_NICE }, 'Serpwise worker started');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'worker stopping: finishing the jobs in hand');
  await worker.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
