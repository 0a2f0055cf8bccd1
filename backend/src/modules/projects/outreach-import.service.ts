import { Injectable } from '@nestjs/common';
import { outreachMessages, type OutreachImportAnswer, type OutreachImportRow } from '@serpwise/contracts';
import type { Identity } from '../sessions/request-session.js';
import { OutreachLookupService } from './outreach-lookup.service.js';
import { ProjectRefusal } from './project-refusal.js';
import { ProjectScopeService } from './project-scope.service.js';
import { ProjectTransactions } from './project-transactions.js';
import { normaliseLinkUrl, normaliseWebsiteDomain } from './url-normalise.js';

interface CheckedRow extends OutreachImportRow {
  domainName: string;
  linkUrl: string | null;
}

/**
 * import/OutreachImport: websites, links, contacts and notes from rows, in one transaction after every row is
 * checked (a bad row refuses the whole import, naming the row). Large imports belong on the import queue
 * (docs/decisions.md); until then the row limit keeps one request short.
 */
@Injectable()
export class OutreachImportService {
  constructor(
    private readonly scope: ProjectScopeService,
    private readonly lookup: OutreachLookupService,
    private readonly transactions: ProjectTransactions,
  ) {}

  async import(identity: Identity, body: { projectId?: string; rows: OutreachImportRow[] }): Promise<OutreachImportAnswer> {
    const caller = await this.scope.caller(identity, 'write');
    const project = await this.scope.projectOrBucket(caller, body.projectId);
    const rows = this.check(body.rows);
    return this.transactions.run(async ({ outreach, activity }) => {
      const answer: OutreachImportAnswer = { isSuccessful: true, websitesAdded: 0, linksAdded: 0, contactsAdded: 0, notesAdded: 0, rowCount: rows.length };
      for (const row of rows) {
        const { website, created } = await outreach.ensureWebsite(caller.ownerUserId, project?.id ?? null, row.domainName);
        if (created) answer.websitesAdded += 1;
        const attributes = { rating: row.rating, relationship: row.relationship, tags: row.tags.length ? row.tags : undefined };
        const hasAttributes = attributes.rating !== undefined || attributes.relationship !== undefined || attributes.tags !== undefined;
        if (row.linkUrl) {
          const { link, created: linkCreated } = await outreach.ensureLink({
            ownerUserId: caller.ownerUserId,
            websiteId: website.id,
            projectId: website.projectId,
            url: row.linkUrl,
            monthlyOrganicClicks: row.monthlyOrganicClicks,
            rankedKeywords: row.rankedKeywords,
          });
          if (linkCreated) answer.linksAdded += 1;
          if (hasAttributes) await outreach.updateLink(caller.ownerUserId, link.id, attributes);
          if (row.note?.trim()) {
            await activity.addNote(link.id, caller.userId, row.note.trim());
            answer.notesAdded += 1;
          }
        } else if (hasAttributes) {
          await outreach.updateWebsite(caller.ownerUserId, website.id, attributes);
        }
        if (row.contactName || row.contactEmail) {
          const contact = await outreach.ensureContact(website.id, { name: row.contactName, email: row.contactEmail, role: row.contactRole });
          if (contact.created) answer.contactsAdded += 1;
        }
      }
      await activity.addHistory({
        ownerUserId: caller.ownerUserId,
        projectId: project?.id ?? null,
        linkId: null,
        websiteId: null,
        actorUserId: caller.userId,
        action: 'outreach-import',
        url: null,
        domain: null,
        details: `${rows.length} rows: ${answer.websitesAdded} websites, ${answer.linksAdded} links, ${answer.contactsAdded} contacts added`,
      });
      return answer;
    });
  }

  /** Every row's website and link address, or a 400 naming the first bad rows. */
  private check(rows: OutreachImportRow[]): CheckedRow[] {
    const errors: string[] = [];
    const checked = rows.map((row, index) => {
      const address = row.url ? normaliseLinkUrl(row.url) : null;
      if (row.url && !address) errors.push(`rows.${index}.url: ${outreachMessages.urlInvalid}`);
      const domainName = address?.domain ?? (row.domain ? normaliseWebsiteDomain(row.domain) : null);
      if (!address && row.domain && !domainName) errors.push(`rows.${index}.domain: ${outreachMessages.domainInvalid}`);
      if (!row.url && row.note) errors.push(`rows.${index}.note: a note belongs to a link; give the row a url.`);
      return { ...row, domainName: domainName ?? '', linkUrl: address?.url ?? null };
    });
    if (errors.length) throw new ProjectRefusal(400, errors.slice(0, 20));
    return checked;
  }
}
