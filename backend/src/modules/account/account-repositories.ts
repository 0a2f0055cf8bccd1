import { AccountContactRepository, ApiKeyRepository, BundleRepository, ProjectAlertRepository, ProjectRepository, RankAlertEventRepository, RequestedKeywordRepository } from '@serpwise/database';
import { repositoryProviders } from '@serpwise/platform';

export const accountRepositories = [RequestedKeywordRepository, ApiKeyRepository, BundleRepository, AccountContactRepository, ProjectRepository, ProjectAlertRepository, RankAlertEventRepository];

/** The repositories of the account settings and onboarding, bound to the request-scoped EntityManager. */
export const accountRepositoryProviders = repositoryProviders(...accountRepositories);
