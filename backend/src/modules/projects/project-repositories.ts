import type { EntityManager } from '@mikro-orm/postgresql';
import {
  BillingRepository,
  KeywordGroupRepository,
  KeywordLabelRepository,
  LinkActivityRepository,
  OutreachRepository,
  ProjectKeywordRepository,
  ProjectRepository,
  ProjectTeamAccessRepository,
  ReconReportRepository,
} from '@serpwise/database';
import { repositoryProviders } from '@serpwise/platform';

export const projectRepositories = [
  ProjectRepository,
  ProjectTeamAccessRepository,
  ProjectKeywordRepository,
  KeywordGroupRepository,
  KeywordLabelRepository,
  OutreachRepository,
  LinkActivityRepository,
  BillingRepository,
  ReconReportRepository,
];

/** The project area's repositories, bound to the request's EntityManager. */
export const projectRepositoryProviders = repositoryProviders(...projectRepositories);

/** The same repositories on one transaction's EntityManager. */
export interface ProjectRepositories {
  projects: ProjectRepository;
  keywords: ProjectKeywordRepository;
  groups: KeywordGroupRepository;
  labels: KeywordLabelRepository;
  outreach: OutreachRepository;
  activity: LinkActivityRepository;
  recon: ReconReportRepository;
}

export const repositoriesOn = (em: EntityManager): ProjectRepositories => ({
  projects: new ProjectRepository(em),
  keywords: new ProjectKeywordRepository(em),
  groups: new KeywordGroupRepository(em),
  labels: new KeywordLabelRepository(em),
  outreach: new OutreachRepository(em),
  activity: new LinkActivityRepository(em),
  recon: new ReconReportRepository(em),
});
