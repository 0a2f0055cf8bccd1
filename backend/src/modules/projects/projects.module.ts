import { Module } from '@nestjs/common';
import { ResearchModule } from '../research/research.module.js';
import { GroupsController, KeywordActionsController, KeywordsController, LabelsController } from './keywords.controller.js';
import { KeywordActionsService } from './keyword-actions.service.js';
import { KeywordAllowanceService } from './keyword-allowance.service.js';
import { KeywordGroupsService } from './keyword-groups.service.js';
import { KeywordImportService } from './keyword-import.service.js';
import { KeywordListService } from './keyword-list.service.js';
import { KeywordMetricsService } from './keyword-metrics.service.js';
import { LinkActivityService } from './link-activity.service.js';
import { LinkActivityController, LinksController, OutreachAttributesController, OutreachImportController } from './outreach.controller.js';
import { OutreachAttributesService } from './outreach-attributes.service.js';
import { OutreachImportService } from './outreach-import.service.js';
import { OutreachLinksService } from './outreach-links.service.js';
import { OutreachLookupService } from './outreach-lookup.service.js';
import { projectRepositoryProviders } from './project-repositories.js';
import { ProjectScopeService } from './project-scope.service.js';
import { ProjectTransactions } from './project-transactions.js';
import { ProjectActionsController, ProjectsController, TeamAccessController } from './projects.controller.js';
import { ProjectsService } from './projects.service.js';
import { TeamAccessService } from './team-access.service.js';

/**
 * The project area (docs/product/projects.md): projects, the keyword universe, groups, labels, keyword imports with Undo,
 * the keyword count, and the outreach CRM. Every call goes through ProjectScopeService, which decides whose data
 * the caller may read or change.
 */
@Module({
  imports: [ResearchModule],
  controllers: [
    ProjectsController,
    ProjectActionsController,
    TeamAccessController,
    KeywordsController,
    GroupsController,
    LabelsController,
    KeywordActionsController,
    LinksController,
    LinkActivityController,
    OutreachAttributesController,
    OutreachImportController,
  ],
  providers: [
    ...projectRepositoryProviders,
    ProjectTransactions,
    ProjectScopeService,
    ProjectsService,
    TeamAccessService,
    KeywordMetricsService,
    KeywordAllowanceService,
    KeywordListService,
    KeywordGroupsService,
    KeywordImportService,
    KeywordActionsService,
    OutreachLookupService,
    OutreachLinksService,
    LinkActivityService,
    OutreachAttributesService,
    OutreachImportService,
  ],
  // Recon reports and the /hq dashboard (ReconModule) share the project area's scope, allowance and repositories.
  exports: [...projectRepositoryProviders, ProjectScopeService, KeywordAllowanceService, ProjectTransactions],
})
export class ProjectsModule {}
