import { Controller, Get, Query } from '@nestjs/common';
import {
  addLinkContactEventQuerySchema,
  addLinkNoteQuerySchema,
  addLinkQuerySchema,
  addLinkTaskQuerySchema,
  contactDetailsSchema,
  contactQuerySchema,
  contactSummarySchema,
  deleteLinkContactEventQuerySchema,
  deleteLinkNoteQuerySchema,
  deleteLinkQuerySchema,
  deleteLinkTaskQuerySchema,
  getDomainContextQuerySchema,
  getLinkHistoryQuerySchema,
  getLinkQuerySchema,
  getLinksQuerySchema,
  getRelationshipsQuerySchema,
  getUrlContextQuerySchema,
  linkQuerySchema,
  listOutreachQuerySchema,
  updateDomainRatingQuerySchema,
  updateDomainRelationshipQuerySchema,
  updateLinkTaskQuerySchema,
  updateTagsQuerySchema,
  updateUrlRatingQuerySchema,
  updateUrlRelationshipQuerySchema,
  websiteDetailsSchema,
  websiteQuerySchema,
  websiteSummarySchema,
} from '@serpwise/contracts';
import { ZodValidationPipe } from '../../../common/zod-validation.pipe.js';
import { Access } from '../../access/access.decorator.js';
import { ChangesState } from '../../sessions/csrf.guard.js';
import { CurrentIdentity, type Identity } from '../../sessions/request-session.js';
import { LinkActivityService } from './link-activity.service.js';
import { OutreachAttributesService } from './outreach-attributes.service.js';
import { OutreachLinksService } from './outreach-links.service.js';
import { ResponseSchema } from '../../../common/route-response-schema.js';
import { z } from 'zod';

const pipe = <S extends z.ZodType>(schema: S) => new ZodValidationPipe(schema);
type In<S extends z.ZodType> = z.infer<S>;

/**
 * Link/* and LinkHistory (docs/product/projects.md §7). Adding a URL is open to every logged-in user (docs/product/site.md §6: free users may add URLs),
 * so are the link list and a link's details (the View state); the history is part of the full-plan CRM.
 */
@Controller('NsaApi/MySerpwise')
export class LinksController {
  constructor(private readonly links: OutreachLinksService) {}

  @Access('user')
  @Get('Link/GetLinks')
  list(@CurrentIdentity() identity: Identity, @Query(pipe(getLinksQuerySchema)) query: In<typeof getLinksQuerySchema>) {
    return this.links.links(identity, query);
  }

  @Access('user')
  @Get('Link/GetLink')
  get(@CurrentIdentity() identity: Identity, @Query(pipe(getLinkQuerySchema)) query: In<typeof getLinkQuerySchema>) {
    return this.links.link(identity, query);
  }

  @Access('user')
  @Get('Link/AddLink')
  @ChangesState()
  add(@CurrentIdentity() identity: Identity, @Query(pipe(addLinkQuerySchema)) query: In<typeof addLinkQuerySchema>) {
    return this.links.addLink(identity, query);
  }

  @Access('user')
  @Get('Link/DeleteLink')
  @ChangesState()
  delete(@CurrentIdentity() identity: Identity, @Query(pipe(deleteLinkQuerySchema)) query: In<typeof deleteLinkQuerySchema>) {
    return this.links.deleteLink(identity, query);
  }

  @Access('full')
  @Get('LinkHistory/GetLinkHistory')
  history(@CurrentIdentity() identity: Identity, @Query(pipe(getLinkHistoryQuerySchema)) query: In<typeof getLinkHistoryQuerySchema>) {
    return this.links.history(identity, query);
  }
}

/** LinkNotes/*, LinkTasks/*, LinkContactEvents/* (docs/product/projects.md §7): the full-plan outreach CRM. */
@Access('full')
@Controller('NsaApi/MySerpwise')
export class LinkActivityController {
  constructor(private readonly activity: LinkActivityService) {}

  @Get('LinkNotes/GetLinkNotes')
  notes(@CurrentIdentity() identity: Identity, @Query(pipe(linkQuerySchema)) query: In<typeof linkQuerySchema>) {
    return this.activity.notes(identity, query);
  }

  @Get('LinkNotes/AddLinkNote')
  @ChangesState()
  addNote(@CurrentIdentity() identity: Identity, @Query(pipe(addLinkNoteQuerySchema)) query: In<typeof addLinkNoteQuerySchema>) {
    return this.activity.addNote(identity, query);
  }

  @Get('LinkNotes/DeleteLinkNote')
  @ChangesState()
  deleteNote(@CurrentIdentity() identity: Identity, @Query(pipe(deleteLinkNoteQuerySchema)) query: In<typeof deleteLinkNoteQuerySchema>) {
    return this.activity.deleteNote(identity, query);
  }

  @Get('LinkTasks/GetLinkTasks')
  tasks(@CurrentIdentity() identity: Identity, @Query(pipe(linkQuerySchema)) query: In<typeof linkQuerySchema>) {
    return this.activity.tasks(identity, query);
  }

  @Get('LinkTasks/AddLinkTask')
  @ChangesState()
  addTask(@CurrentIdentity() identity: Identity, @Query(pipe(addLinkTaskQuerySchema)) query: In<typeof addLinkTaskQuerySchema>) {
    return this.activity.addTask(identity, query);
  }

  @Get('LinkTasks/UpdateLinkTask')
  @ChangesState()
  updateTask(@CurrentIdentity() identity: Identity, @Query(pipe(updateLinkTaskQuerySchema)) query: In<typeof updateLinkTaskQuerySchema>) {
    return this.activity.updateTask(identity, query);
  }

  @Get('LinkTasks/DeleteLinkTask')
  @ChangesState()
  deleteTask(@CurrentIdentity() identity: Identity, @Query(pipe(deleteLinkTaskQuerySchema)) query: In<typeof deleteLinkTaskQuerySchema>) {
    return this.activity.deleteTask(identity, query);
  }

  @Get('LinkContactEvents/GetLinkContactEvents')
  events(@CurrentIdentity() identity: Identity, @Query(pipe(linkQuerySchema)) query: In<typeof linkQuerySchema>) {
    return this.activity.events(identity, query);
  }

  @Get('LinkContactEvents/AddLinkContactEvent')
  @ChangesState()
  addEvent(@CurrentIdentity() identity: Identity, @Query(pipe(addLinkContactEventQuerySchema)) query: In<typeof addLinkContactEventQuerySchema>) {
    return this.activity.addEvent(identity, query);
  }

  @Get('LinkContactEvents/DeleteLinkContactEvent')
  @ChangesState()
  deleteEvent(@CurrentIdentity() identity: Identity, @Query(pipe(deleteLinkContactEventQuerySchema)) query: In<typeof deleteLinkContactEventQuerySchema>) {
    return this.activity.deleteEvent(identity, query);
  }
}

/** Relationships/*, Ratings/*, Tags/UpdateTags and Contexts/* (docs/product/projects.md §7). */
@Controller('NsaApi/MySerpwise')
export class OutreachAttributesController {
  constructor(
    private readonly attributes: OutreachAttributesService,
    private readonly links: OutreachLinksService,
  ) {}

  @Access('full')
  @Get('Relationships/GetRelationships')
  relationships(@Query(pipe(getRelationshipsQuerySchema)) _query: unknown) {
    return this.attributes.relationships();
  }

  @Access('full')
  @Get('Relationships/UpdateDomain')
  @ChangesState()
  domainRelationship(@CurrentIdentity() identity: Identity, @Query(pipe(updateDomainRelationshipQuerySchema)) query: In<typeof updateDomainRelationshipQuerySchema>) {
    return this.attributes.updateWebsite(identity, query.domainId, { relationship: query.relationshipId });
  }

  @Access('full')
  @Get('Relationships/UpdateUrl')
  @ChangesState()
  urlRelationship(@CurrentIdentity() identity: Identity, @Query(pipe(updateUrlRelationshipQuerySchema)) query: In<typeof updateUrlRelationshipQuerySchema>) {
    return this.attributes.updateLink(identity, query.urlId, { relationship: query.relationshipId });
  }

  @Access('full')
  @Get('Ratings/UpdateDomain')
  @ChangesState()
  domainRating(@CurrentIdentity() identity: Identity, @Query(pipe(updateDomainRatingQuerySchema)) query: In<typeof updateDomainRatingQuerySchema>) {
    return this.attributes.updateWebsite(identity, query.domainId, { rating: query.rating });
  }

  @Access('full')
  @Get('Ratings/UpdateUrl')
  @ChangesState()
  urlRating(@CurrentIdentity() identity: Identity, @Query(pipe(updateUrlRatingQuerySchema)) query: In<typeof updateUrlRatingQuerySchema>) {
    return this.attributes.updateLink(identity, query.urlId, { rating: query.rating });
  }

  @Access('full')
  @Get('Tags/UpdateTags')
  @ChangesState()
  tags(@CurrentIdentity() identity: Identity, @Query(pipe(updateTagsQuerySchema)) query: In<typeof updateTagsQuerySchema>) {
    return this.attributes.updateTags(identity, query);
  }

  /** What the caller already has for a domain: research pages show it (any logged-in user may add URLs). */
  @Access('user')
  @Get('Contexts/GetDomain')
  domainContext(@CurrentIdentity() identity: Identity, @Query(pipe(getDomainContextQuerySchema)) query: In<typeof getDomainContextQuerySchema>) {
    return this.links.domainContext(identity, query);
  }

  @Access('user')
  @Get('Contexts/GetUrl')
  urlContext(@CurrentIdentity() identity: Identity, @Query(pipe(getUrlContextQuerySchema)) query: In<typeof getUrlContextQuerySchema>) {
    return this.links.urlContext(identity, query);
  }
}

/** The website and contact lists the outreach panel shows (paths ours: rest/projects/...). */
@Access('full')
@Controller('rest/projects')
export class OutreachListsController {
  constructor(private readonly links: OutreachLinksService) {}

  @Get('websites')
  @ResponseSchema(z.array(websiteSummarySchema))
  websites(@CurrentIdentity() identity: Identity, @Query(pipe(listOutreachQuerySchema)) query: In<typeof listOutreachQuerySchema>) {
    return this.links.websites(identity, query);
  }

  @Get('website')
  @ResponseSchema(websiteDetailsSchema)
  website(@CurrentIdentity() identity: Identity, @Query(pipe(websiteQuerySchema)) query: In<typeof websiteQuerySchema>) {
    return this.links.website(identity, query.domainId);
  }

  @Get('contacts')
  @ResponseSchema(z.array(contactSummarySchema))
  contacts(@CurrentIdentity() identity: Identity, @Query(pipe(listOutreachQuerySchema)) query: In<typeof listOutreachQuerySchema>) {
    return this.links.contacts(identity, query);
  }

  @Get('contact')
  @ResponseSchema(contactDetailsSchema)
  contact(@CurrentIdentity() identity: Identity, @Query(pipe(contactQuerySchema)) query: In<typeof contactQuerySchema>) {
    return this.links.contact(identity, query.contactId);
  }
}
