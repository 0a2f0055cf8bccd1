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
