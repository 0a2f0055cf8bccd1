import { Module } from '@nestjs/common';
import { ProjectsCoreModule } from './core/projects-core.module.js';
import { ProjectImportsModule } from './imports/project-imports.module.js';
import { ProjectKeywordsModule } from './keywords/project-keywords.module.js';
import { OutreachModule } from './outreach/outreach.module.js';
import { ProjectActionsController } from './project-actions.controller.js';

/** The ProjectActions calls reach into two sub-areas (the keyword lists, the outreach attributes), so they sit above both. */
@Module({
  imports: [ProjectKeywordsModule, OutreachModule],
  controllers: [ProjectActionsController],
})
export class ProjectActionsModule {}

/**
 * The project area (docs/product/projects.md), one Nest module per sub-area: core/ (projects, scope, allowance, team
 * access), keywords/ (keyword universe, groups, labels), imports/ (keyword imports with Undo, outreach imports) and
 * outreach/ (the CRM). Every call goes through ProjectScopeService, which decides whose data the caller may read or
 * change. AppModule imports these directly: see there why a module with routes must be one of its own imports.
 */
export const projectAreaModules = [ProjectsCoreModule, ProjectKeywordsModule, OutreachModule, ProjectImportsModule, ProjectActionsModule];
