import { Injectable } from '@nestjs/common';
import { outreachMessages, outreachRelationships, projectLimits, type LinkSummary, type WebsiteSummary } from '@serpwise/contracts';
import type { Identity } from '../../sessions/request-session.js';
import { OutreachLookupService } from './outreach-lookup.service.js';
import { toLinkSummary, toWebsiteSummary } from './outreach-shapes.js';
import { ProjectRefusal } from '../core/project-refusal.js';
import { ProjectScopeService } from '../core/project-scope.service.js';
import { ProjectTransactions } from '../core/project-transactions.js';

const relationshipName = (id: string) => outreachRelationships.find((entry) => entry.relationshipId === id)?.name ?? id;
const stars = (rating: number) => `${rating} of ${projectLimits.stars} stars`;

type Change = { rating?: number; relationship?: string; tags?: string[] };
const describe = (change: Change) =>
  change.rating !== undefined
    ? { action: 'rating-changed' as const, details: stars(change.rating) }
    : change.relationship !== undefined
      ? { action: 'relationship-changed' as const, details: relationshipName(change.relationship) }
      : { action: 'tags-changed' as const, details: change.tags!.join(', ') };

/**
 * Relationships, ratings (0–3 stars) and tags of websites (domainId) and links (urlId), and moving a website with
 * its links between projects (Relationships/*, Ratings/*, Tags/UpdateTags, ProjectActions/MoveDomainToProject).
 */
@Injectable()
export class OutreachAttributesService {
  constructor(
    private readonly scope: ProjectScopeService,
    private readonly lookup: OutreachLookupService,
    private readonly transactions: ProjectTransactions,
  ) {}

  relationships() {
    return outreachRelationships.map((entry) => ({ ...entry }));
  }

  async updateWebsite(identity: Identity, domainId: string, change: Change): Promise<WebsiteSummary> {
    const caller = await this.scope.caller(identity, 'write');
    return this.transactions.run(async ({ outreach, activity }) => {
      const updated = await outreach.updateWebsite(caller.ownerUserId, domainId, change);
      if (!updated) throw new ProjectRefusal(404, outreachMessages.websiteNotFound);
      const { action, details } = describe(change);
      await this.lookup.recordForWebsite(caller, updated, action, details, activity);
      return toWebsiteSummary(updated);
    });
  }

  async updateLink(identity: Identity, urlId: string, change: Change): Promise<LinkSummary> {
    const caller = await this.scope.caller(identity, 'write');
    return this.transactions.run(async ({ outreach, activity }) => {
      const updated = await outreach.updateLink(caller.ownerUserId, urlId, change);
      if (!updated) throw new ProjectRefusal(404, outreachMessages.linkNotFound);
      const { action, details } = describe(change);
      await this.lookup.recordForLink(caller, updated, action, details, activity);
      return toLinkSummary(updated);
    });
  }

  /** Tags/UpdateTags: replaces the tags of a website or a link. */
  async updateTags(identity: Identity, query: { domainId?: string; urlId?: string; tags: string[] }): Promise<{ tags: string[]; domainId?: string; urlId?: string }> {
    if (query.domainId) return { domainId: query.domainId, tags: (await this.updateWebsite(identity, query.domainId, { tags: query.tags })).tags };
    return { urlId: query.urlId, tags: (await this.updateLink(identity, query.urlId!, { tags: query.tags })).tags };
  }

  /** Moves a website and its links into a project; the all-zeros GUID moves them to All Projects. */
  async moveDomainToProject(identity: Identity, query: { domainId: string; projectId: string }): Promise<WebsiteSummary> {
    const caller = await this.scope.caller(identity, 'write');
    const project = await this.scope.projectOrBucket(caller, query.projectId);
    return this.transactions.run(async ({ outreach, activity }) => {
      const moved = await outreach.moveWebsite(caller.ownerUserId, query.domainId, project?.id ?? null);
      if (!moved) throw new ProjectRefusal(404, outreachMessages.websiteNotFound);
      if (moved === 'conflict') {
        const website = await this.lookup.website(caller, query.domainId, outreach);
        throw new ProjectRefusal(409, outreachMessages.websiteAlreadyInProject(website.domain));
      }
      await this.lookup.recordForWebsite(caller, moved, 'website-moved', project ? project.name : 'All Projects', activity);
      return toWebsiteSummary(moved);
    });
  }
}
