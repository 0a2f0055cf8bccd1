import type { CheckedOutreachRow, OutreachImportAnswer } from '@serpwise/contracts';
import type { LinkActivityRepository, OutreachRepository } from '@serpwise/database';

/** Rows between two progress reports of a job. */
export const outreachImportBatch = 100;

export interface OutreachImportInput {
  ownerUserId: string;
  userId: string;
  /** Null: the All Projects bucket. */
  projectId: string | null;
  rows: CheckedOutreachRow[];
  progress?: (done: number, total: number) => Promise<void>;
}

/**
 * Lands checked outreach rows (import/OutreachImport) in the caller's open transaction: websites, links, contacts,
 * notes and their attributes, then one history entry. Shared by the request (small imports) and the worker (jobs).
 */
export async function landOutreachImport(
  { outreach, activity }: { outreach: OutreachRepository; activity: LinkActivityRepository },
  { ownerUserId, userId, projectId, rows, progress }: OutreachImportInput,
): Promise<OutreachImportAnswer> {
  const answer: OutreachImportAnswer = { isSuccessful: true, websitesAdded: 0, linksAdded: 0, contactsAdded: 0, notesAdded: 0, rowCount: rows.length };
  // An import names the same site on many rows: its website is found (or made) once.
  const websites = new Map<string, { id: string; projectId: string | null }>();
  for (const [index, row] of rows.entries()) {
    let website = websites.get(row.domainName);
    if (!website) {
      const { id, created } = await outreach.ensureWebsiteId(ownerUserId, projectId, row.domainName);
      if (created) answer.websitesAdded += 1;
      website = { id, projectId };
      websites.set(row.domainName, website);
    }
    const attributes = { rating: row.rating, relationship: row.relationship, tags: row.tags.length ? row.tags : undefined };
    const hasAttributes = attributes.rating !== undefined || attributes.relationship !== undefined || attributes.tags !== undefined;
    if (row.linkUrl) {
      const link = await outreach.ensureLinkId({
        ownerUserId,
        websiteId: website.id,
        projectId: website.projectId,
        url: row.linkUrl,
        monthlyOrganicClicks: row.monthlyOrganicClicks,
        rankedKeywords: row.rankedKeywords,
      });
      if (link.created) answer.linksAdded += 1;
      if (hasAttributes) await outreach.setLinkAttributes(ownerUserId, link.id, attributes);
      if (row.note?.trim()) {
        await activity.addNote(link.id, userId, row.note.trim());
        answer.notesAdded += 1;
      }
    } else if (hasAttributes) {
      await outreach.setWebsiteAttributes(ownerUserId, website.id, attributes);
    }
    if (row.contactName || row.contactEmail) {
      const contact = await outreach.ensureContact(website.id, { name: row.contactName, email: row.contactEmail, role: row.contactRole });
      if (contact.created) answer.contactsAdded += 1;
    }
    if (progress && ((index + 1) % outreachImportBatch === 0 || index + 1 === rows.length)) await progress(index + 1, rows.length);
  }
  await activity.addHistory({
    ownerUserId,
    projectId,
    linkId: null,
    websiteId: null,
    actorUserId: userId,
    action: 'outreach-import',
    url: null,
    domain: null,
    details: `${rows.length} rows: ${answer.websitesAdded} websites, ${answer.linksAdded} links, ${answer.contactsAdded} contacts added`,
  });
  return answer;
}
