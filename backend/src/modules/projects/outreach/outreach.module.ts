import { Module } from '@nestjs/common';
import { ProjectsCoreModule } from '../core/projects-core.module.js';
import { LinkActivityService } from './link-activity.service.js';
import { LinkActivityController, LinksController, OutreachAttributesController, OutreachListsController } from './outreach.controller.js';
import { OutreachAttributesService } from './outreach-attributes.service.js';
import { OutreachLinksService } from './outreach-links.service.js';
import { OutreachLookupService } from './outreach-lookup.service.js';

/** The outreach CRM: links, their notes, tasks, contact events and history, ratings, relationships and tags. */
@Module({
  imports: [ProjectsCoreModule],
  controllers: [LinksController, LinkActivityController, OutreachAttributesController, OutreachListsController],
  providers: [OutreachLookupService, OutreachLinksService, LinkActivityService, OutreachAttributesService],
  // ProjectActions/MoveDomainToProject (projects.module.ts) moves a website's attributes.
  exports: [OutreachAttributesService],
})
export class OutreachModule {}
