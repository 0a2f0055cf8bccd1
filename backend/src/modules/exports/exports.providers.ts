import type { Provider } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import type { Redis } from 'ioredis';
import { createFileStore, DownloadLinks, ENVIRONMENT, FileStore, REDIS } from '@serpwise/platform';
import { JOB_PRESENTERS, jobPresenters } from '@serpwise/domain';

export const fileStoreProvider: Provider = { provide: FileStore, inject: [ENVIRONMENT], useFactory: (environment: Environment) => createFileStore(environment) };

export const downloadLinksProvider: Provider = {
  provide: DownloadLinks,
  inject: [ENVIRONMENT, REDIS],
  useFactory: (environment: Environment, redis: Redis) => DownloadLinks.create(environment, redis),
};

/** How exports, reports and imports look to their owner (@serpwise/domain, jobs/job-presenters.ts). */
export const jobPresentersProvider: Provider = {
  provide: JOB_PRESENTERS,
  inject: [DownloadLinks, ENVIRONMENT],
  useFactory: (links: DownloadLinks, environment: Environment) => jobPresenters(links, environment.EXPORT_FILE_TTL_HOURS),
};
