import type { EntityManager } from '@mikro-orm/postgresql';
import { KeywordGroupRepository, KeywordLabelRepository } from './keyword-group.repository.js';
import { LinkActivityRepository } from './link-activity.repository.js';
import { OutreachRepository } from './outreach.repository.js';
import { ProjectKeywordRepository } from './project-keyword.repository.js';
import { ProjectRepository } from './project.repository.js';
import { ReconReportRepository } from './recon-report.repository.js';

/** The project area's repositories on one EntityManager (one transaction's, in the API and in the import jobs). */
export interface ProjectRepositories {
  projects: ProjectRepository;
  keywords: ProjectKeywordRepository;
  groups: KeywordGroupRepository;
  labels: KeywordLabelRepository;
  outreach: OutreachRepository;
  activity: LinkActivityRepository;
  recon: ReconReportRepository;
}

export const projectRepositoriesOn = (em: EntityManager): ProjectRepositories => ({
  projects: new ProjectRepository(em),
  keywords: new ProjectKeywordRepository(em),
  groups: new KeywordGroupRepository(em),
  labels: new KeywordLabelRepository(em),
  outreach: new OutreachRepository(em),
  activity: new LinkActivityRepository(em),
  recon: new ReconReportRepository(em),
});
