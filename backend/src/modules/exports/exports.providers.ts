import type { Provider } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import type { Redis } from 'ioredis';
import { createFileStore, DownloadLinks, ENVIRONMENT, FileStore, REDIS } from '@serpwise/platform';

export const fileStoreProvider: Provider = { provide: FileStore, inject: [ENVIRONMENT], useFactory: (environment: Environment) => createFileStore(environment) };

export const downloadLinksProvider: Provider = {
  provide: DownloadLinks,
  inject: [ENVIRONMENT, REDIS],
  useFactory: (environment: Environment, redis: Redis) => DownloadLinks.create(environment, redis),
};
