import { Module } from '@nestjs/common';
import { KeywordAllowanceService } from './keyword-allowance.service.js';
import { projectRepositoryProviders } from './project-repositories.js';
import { ProjectScopeService } from './project-scope.service.js';
import { ProjectTransactions } from './project-transactions.js';
import { ProjectsController, TeamAccessController } from './projects.controller.js';
import { ProjectsService } from './projects.service.js';
import { TeamAccessService } from './team-access.service.js';

/**
 * Projects themselves and what every other part of the project area builds on: the repositories and transactions,
 * ProjectScopeService (whose data the caller may read or change), the keyword allowance, and the owner's team access.
 */
@Module({
  controllers: [ProjectsController, TeamAccessController],
  providers: [...projectRepositoryProviders, ProjectTransactions, ProjectScopeService, ProjectsService, TeamAccessService, KeywordAllowanceService],
  exports: [...projectRepositoryProviders, ProjectTransactions, ProjectScopeService, ProjectsService, KeywordAllowanceService],
})
export class ProjectsCoreModule {}
