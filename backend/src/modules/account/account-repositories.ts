import { EntityManager } from '@mikro-orm/postgresql';
import type { Provider } from '@nestjs/common';
import { AccountContactRepository, ApiKeyRepository, BundleRepository, ProjectAlertRepository, ProjectRepository, RequestedKeywordRepository } from '@serpwise/database';

export const accountRepositories = [RequestedKeywordRepository, ApiKeyRepository, BundleRepository, AccountContactRepository, ProjectRepository, ProjectAlertRepository];

/** The repositories of the account settings and onboarding, bound to the request-scoped EntityManager. */
export const accountRepositoryProviders: Provider[] = accountRepositories.map((repository) => ({
  provide: repository,
  inject: [EntityManager],
  useFactory: (em: EntityManager) => new repository(em),
}));
