import { Module } from '@nestjs/common';
import { ResearchModule } from '../../research/research.module.js';
import { ProjectsCoreModule } from '../core/projects-core.module.js';
import { KeywordActionsService } from './keyword-actions.service.js';
import { KeywordGroupsService } from './keyword-groups.service.js';
import { KeywordListService } from './keyword-list.service.js';
import { KeywordMetricsService } from './keyword-metrics.service.js';
import { GroupsController, KeywordActionsController, KeywordsController, LabelsController } from './keywords.controller.js';

/** A project's keyword universe: the keyword list with its warehouse numbers, groups, labels, moving keywords. */
@Module({
  imports: [ProjectsCoreModule, ResearchModule],
  controllers: [KeywordsController, GroupsController, LabelsController, KeywordActionsController],
  providers: [KeywordMetricsService, KeywordListService, KeywordGroupsService, KeywordActionsService],
  // ProjectActions/SearchProjectsForTerms (projects.module.ts) reads the keyword lists.
  exports: [KeywordListService],
})
export class ProjectKeywordsModule {}
