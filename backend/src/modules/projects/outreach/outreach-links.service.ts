import { Injectable } from '@nestjs/common';
import {
  allProjectsId,
  hostOfText,
  isAllProjects,
  outreachMessages,
  projectLimits,
  type ContactDetails,
  type DomainContext,
  type HistoryEntry,
  type LinkDetails,
  type LinkSummary,
  type UrlContext,
  type WebsiteDetails,
  type WebsiteSummary,
  type ContactSummary,
} from '@serpwise/contracts';
import { LinkActivityRepository, OutreachRepository, type OutreachScope } from '@serpwise/database';
import type { Identity } from '../../sessions/request-session.js';
import { OutreachLookupService } from './outreach-lookup.service.js';
import { toContactEvent, toContactSummary, toLinkSummary, toWebsiteSummary } from './outreach-shapes.js';
import { ProjectRefusal } from '../core/project-refusal.js';
import { ProjectScopeService, type ProjectCaller } from '../core/project-scope.service.js';
import { ProjectTransactions } from '../core/project-transactions.js';
import { normaliseLinkUrl } from './url-normalise.js';
import { AnalyticsRecorder } from '@serpwise/platform';

/**
 * Links (Link/*, LinkHistory), the website and contact lists and details, and the contexts research pages ask for.
 * A URL added without a project lands in the All Projects bucket; the all-zeros GUID in a list means every record.
 */
@Injectable()
export class OutreachLinksService {
  constructor(
    private readonly scope: ProjectScopeService,
    private readonly outreach: OutreachRepository,
    private readonly activity: LinkActivityRepository,
    private readonly lookup: OutreachLookupService,
    private readonly transactions: ProjectTransactions,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  /** The records a list shows: every record for the empty id, else the project's (checked to be the caller's). */
  private async listScope(caller: ProjectCaller, projectId: string | undefined): Promise<OutreachScope> {
    return isAllProjects(projectId) ? 'all' : (await this.scope.project(caller, projectId)).id;
  }

  async links(identity: Identity, query: { projectId?: string; filter?: string }): Promise<LinkSummary[]> {
    const caller = await this.scope.caller(identity, 'read');
    return (await this.outreach.listLinks(caller.ownerUserId, await this.listScope(caller, query.projectId), { filter: query.filter })).map(toLinkSummary);
  }

  async link(identity: Identity, query: { projectId?: string; urlId: string }): Promise<LinkDetails> {
    const caller = await this.scope.caller(identity, 'read');
    const link = await this.lookup.link(caller, query.urlId, query.projectId);
    const website = await this.lookup.website(caller, link.websiteId);
    const contacts = await this.outreach.listContacts(caller.ownerUserId, 'all', { websiteId: website.id });
    return { ...toLinkSummary(link), website: toWebsiteSummary(website), contacts: contacts.map(toContactSummary) };
  }

  /** Adds a URL (docs/product/projects.md §4 "Adding a URL"): the same URL twice in one project is one link, with the newer numbers. */
  async addLink(identity: Identity, query: { fullUrl: string; pageMonthlyOrganicClicks?: number; rankedKeywords?: number; projectId?: string }): Promise<LinkSummary> {
    const caller = await this.scope.caller(identity, 'write');
    const project = await this.scope.projectOrBucket(caller, query.projectId);
    const address = normaliseLinkUrl(query.fullUrl);
    if (!address) throw new ProjectRefusal(400, outreachMessages.urlInvalid);
    return this.transactions.run(async ({ outreach, activity }) => {
      const { website, created: newWebsite } = await outreach.ensureWebsite(caller.ownerUserId, project?.id ?? null, address.domain);
      const { link, created } = await outreach.ensureLink({
        ownerUserId: caller.ownerUserId,
        websiteId: website.id,
        projectId: website.projectId,
        url: address.url,
        monthlyOrganicClicks: query.pageMonthlyOrganicClicks,
        rankedKeywords: query.rankedKeywords,
      });
      if (created) await this.lookup.recordForLink(caller, link, 'link-added', undefined, activity);
      if (newWebsite) this.analytics.record('Outreach_Website_Added');
      if (created) this.analytics.record('Outreach_Link_Added');
      return toLinkSummary(link);
    });
  }

  async deleteLink(identity: Identity, query: { projectId?: string; urlId: string }): Promise<{ isSuccessful: true; urlId: string }> {
    const caller = await this.scope.caller(identity, 'write');
    const link = await this.lookup.link(caller, query.urlId, query.projectId);
    return this.transactions.run(async ({ outreach, activity }) => {
      await this.lookup.recordForLink(caller, link, 'link-deleted', undefined, activity);
      if (!(await outreach.deleteLink(caller.ownerUserId, link.id))) throw new ProjectRefusal(404, outreachMessages.linkNotFound);
      return { isSuccessful: true, urlId: link.id };
    });
  }

  /** A link's history, a project's, or (empty id) the whole account's; newest first. */
  async history(identity: Identity, query: { projectId?: string; urlId?: string }): Promise<HistoryEntry[]> {
    const caller = await this.scope.caller(identity, 'read');
    const projectScope = await this.listScope(caller, query.projectId);
    if (query.urlId) await this.lookup.link(caller, query.urlId, query.projectId);
    const rows = await this.activity.listHistory(
      caller.ownerUserId,
      { projectId: projectScope === 'all' || projectScope === null ? 'all' : projectScope, linkId: query.urlId },
      projectLimits.maxHistoryRows,
    );
    return rows.map((row) => ({
      rowId: row.id,
      projectId: row.projectId ?? allProjectsId,
      urlId: row.linkId,
      urlName: row.url,
      domainName: row.domain,
      action: row.action,
      details: row.details,
      userEmail: row.userEmail,
      createdAt: row.createdAt,
    }));
  }

  async websites(identity: Identity, query: { projectId?: string; filter?: string }): Promise<WebsiteSummary[]> {
    const caller = await this.scope.caller(identity, 'read');
    return (await this.outreach.listWebsites(caller.ownerUserId, await this.listScope(caller, query.projectId), query.filter)).map(toWebsiteSummary);
  }

  async website(identity: Identity, domainId: string): Promise<WebsiteDetails> {
    const caller = await this.scope.caller(identity, 'read');
    const website = await this.lookup.website(caller, domainId);
    const links = await this.outreach.listLinks(caller.ownerUserId, 'all', { websiteId: website.id });
    const contacts = await this.outreach.listContacts(caller.ownerUserId, 'all', { websiteId: website.id });
    return { website: toWebsiteSummary(website), links: links.map(toLinkSummary), contacts: contacts.map(toContactSummary) };
  }

  async contacts(identity: Identity, query: { projectId?: string; filter?: string }): Promise<ContactSummary[]> {
    const caller = await this.scope.caller(identity, 'read');
    return (await this.outreach.listContacts(caller.ownerUserId, await this.listScope(caller, query.projectId), { filter: query.filter })).map(toContactSummary);
  }

  async contact(identity: Identity, contactId: string): Promise<ContactDetails> {
    const caller = await this.scope.caller(identity, 'read');
    const contact = await this.outreach.findContact(caller.ownerUserId, contactId);
    if (!contact) throw new ProjectRefusal(404, outreachMessages.contactNotFound);
    const events = await this.activity.listEvents(caller.ownerUserId, { contactId });
    return { contact: toContactSummary(contact), events: events.map((event) => ({ ...toContactEvent(event), urlName: event.url })) };
  }

  /** Contexts/GetDomain: the caller's websites of a domain (in any project). */
  async domainContext(identity: Identity, query: { domain?: string; domainId?: string }): Promise<DomainContext> {
    const caller = await this.scope.caller(identity, 'read');
    let domain: string;
    if (query.domainId) domain = (await this.lookup.website(caller, query.domainId)).domain;
    else {
      const cleansed = hostOfText(query.domain ?? '');
      if (!cleansed) throw new ProjectRefusal(400, outreachMessages.domainInvalid);
      domain = cleansed;
    }
    const websites = await this.outreach.websitesOfDomain(caller.ownerUserId, domain);
    return { domainName: domain, isTracked: websites.length > 0, websites: websites.map(toWebsiteSummary) };
  }

  /** Contexts/GetUrl: the caller's links of an address (in any project). */
  async urlContext(identity: Identity, query: { url?: string; urlId?: string }): Promise<UrlContext> {
    const caller = await this.scope.caller(identity, 'read');
    let url: string;
    if (query.urlId) url = (await this.lookup.link(caller, query.urlId)).url;
    else {
      const address = normaliseLinkUrl(query.url ?? '');
      if (!address) throw new ProjectRefusal(400, outreachMessages.urlInvalid);
      url = address.url;
    }
    const links = await this.outreach.linksOfUrl(caller.ownerUserId, url);
    return { urlName: url, isTracked: links.length > 0, links: links.map(toLinkSummary) };
  }
}
