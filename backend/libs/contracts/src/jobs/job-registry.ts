import { diagnosticJob } from './diagnostic.job.js';
import { exportJob } from './export.job.js';
import { importJob } from './import.job.js';
import { importDeleteJob } from './import-delete.job.js';
import { keywordImportJob, outreachImportJob } from './project-import.job.js';
import { reportJob } from './report.job.js';
import type { JobContract } from './job-contract.js';
import { requestedKeywordsJob } from './serp-fetch.job.js';
import { searchConsoleRemoveJob, searchConsoleSyncJob } from './search-console.job.js';
import { liveDataJob } from './live-data.job.js';

/** Every job the system knows. The worker refuses to start unless each one has a handler. */
export const jobRegistry = [diagnosticJob, exportJob, reportJob, importJob, importDeleteJob, requestedKeywordsJob, keywordImportJob, outreachImportJob, searchConsoleSyncJob, searchConsoleRemoveJob, liveDataJob] as const satisfies readonly JobContract[];

export type RegisteredJob = (typeof jobRegistry)[number];
export type RegisteredJobName = RegisteredJob['name'];

export function findJobContract(name: string): RegisteredJob | undefined {
  return jobRegistry.find((contract) => contract.name === name);
}

/** The distinct queues named by the registry. */
export function registeredQueues(): string[] {
  return [...new Set(jobRegistry.map((contract) => contract.queue))];
}
