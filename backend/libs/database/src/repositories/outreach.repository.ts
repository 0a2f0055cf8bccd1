import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { isoOf, quotedArray } from './sql-arrays.js';

/** Which project's records: one project, the All Projects bucket only (null), or every record of the owner ('all'). */
export type OutreachScope = string | null | 'all';

export interface WebsiteRecord {
  id: string;
  ownerUserId: string;
  projectId: string | null;
  domain: string;
  rating: number;
  relationship: string;
  tags: string[];
  createdAt: string;
  linkCount: number;
  contactCount: number;
}

export interface LinkRecord {
  id: string;
  ownerUserId: string;
  projectId: string | null;
  websiteId: string;
  domain: string;
  url: string;
  monthlyOrganicClicks: number | null;
  rankedKeywords: number | null;
  rating: number;
  relationship: string;
  tags: string[];
  createdAt: string;
  noteCount: number;
  openTaskCount: number;
  lastContactedAt: string | null;
}

export interface ContactRecord {
  id: string;
  websiteId: string;
  domain: string;
  projectId: string | null;
  name: string | null;
  email: string | null;
  role: string | null;
  eventCount: number;
  lastContactedAt: string | null;
}

/** The SQL condition (and its parameters) of a scope on a project_id column. */
const scopeOf = (column: string, scope: OutreachScope): { sql: string; params: unknown[] } =>
  scope === 'all' ? { sql: 'true', params: [] } : scope === null ? { sql: `${column} is null`, params: [] } : { sql: `${column} = ?`, params: [scope] };
const likeOf = (filter: string | undefined) => (filter ? `%${filter.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%` : null);

/** A link to find or create: the owner's, in the website's project, with the numbers the caller knows. */
export interface EnsureLinkInput {
  ownerUserId: string;
  websiteId: string;
  projectId: string | null;
  url: string;
  monthlyOrganicClicks?: number | null;
  rankedKeywords?: number | null;
}

const websiteSelect = `select w.*,
    (select count(*) from outreach_link l where l.website_id = w.id) as link_count,
    (select count(*) from outreach_contact c where c.website_id = w.id) as contact_count
  from outreach_website w`;

interface WebsiteRow {
  id: string;
  owner_user_id: string;
  project_id: string | null;
  domain: string;
  rating: number;
  relationship: string;
  tags: string[];
  created_at: Date;
  link_count: string;
  contact_count: string;
}
const toWebsite = (row: WebsiteRow): WebsiteRecord => ({
  id: row.id,
  ownerUserId: row.owner_user_id,
  projectId: row.project_id,
  domain: row.domain,
  rating: Number(row.rating),
  relationship: row.relationship,
  tags: row.tags ?? [],
  createdAt: isoOf(row.created_at),
  linkCount: Number(row.link_count),
  contactCount: Number(row.contact_count),
});

const linkSelect = `select l.*, w.domain,
    (select count(*) from link_note n where n.link_id = l.id) as note_count,
    (select count(*) from link_task t where t.link_id = l.id and not t.is_complete) as open_task_count,
    (select max(e.event_date)::text from link_contact_event e where e.link_id = l.id) as last_contacted_at
  from outreach_link l join outreach_website w on w.id = l.website_id`;

interface LinkRow {
  id: string;
  owner_user_id: string;
  project_id: string | null;
  website_id: string;
  domain: string;
  url: string;
  monthly_organic_clicks: number | null;
  ranked_keywords: number | null;
  rating: number;
  relationship: string;
  tags: string[];
  created_at: Date;
  note_count: string;
  open_task_count: string;
  last_contacted_at: string | null;
}
const toLink = (row: LinkRow): LinkRecord => ({
  id: row.id,
  ownerUserId: row.owner_user_id,
  projectId: row.project_id,
  websiteId: row.website_id,
  domain: row.domain,
  url: row.url,
  monthlyOrganicClicks: row.monthly_organic_clicks === null ? null : Number(row.monthly_organic_clicks),
  rankedKeywords: row.ranked_keywords === null ? null : Number(row.ranked_keywords),
  rating: Number(row.rating),
  relationship: row.relationship,
  tags: row.tags ?? [],
  createdAt: isoOf(row.created_at),
  noteCount: Number(row.note_count),
  openTaskCount: Number(row.open_task_count),
  lastContactedAt: row.last_contacted_at,
});

const contactSelect = `select c.*, w.domain, w.project_id,
    (select count(*) from link_contact_event e where e.contact_id = c.id) as event_count,
    (select max(e.event_date)::text from link_contact_event e where e.contact_id = c.id) as last_contacted_at
  from outreach_contact c join outreach_website w on w.id = c.website_id`;

interface ContactRow {
  id: string;
  website_id: string;
  domain: string;
  project_id: string | null;
  name: string | null;
  email: string | null;
  role: string | null;
  event_count: string;
  last_contacted_at: string | null;
}
const toContact = (row: ContactRow): ContactRecord => ({
  id: row.id,
  websiteId: row.website_id,
  domain: row.domain,
  projectId: row.project_id,
  name: row.name,
  email: row.email,
  role: row.role,
  eventCount: Number(row.event_count),
  lastContactedAt: row.last_contacted_at,
});

/** Websites, links and contacts of the outreach CRM. Every query names the owner: another account's rows are not found. */
export class OutreachRepository {
  constructor(private readonly em: EntityManager) {}

  // ------------------------------------------------------------------ websites

  async listWebsites(ownerUserId: string, scope: OutreachScope, filter?: string): Promise<WebsiteRecord[]> {
    const where = scopeOf('w.project_id', scope);
    const rows = await this.em.execute<WebsiteRow[]>(
      `${websiteSelect} where w.owner_user_id = ? and ${where.sql} and (?::text is null or w.domain like ?)
       order by w.domain, w.created_at`,
      [ownerUserId, ...where.params, likeOf(filter), likeOf(filter)],
    );
    return rows.map(toWebsite);
  }

  async findWebsite(ownerUserId: string, id: string): Promise<WebsiteRecord | null> {
    const rows = await this.em.execute<WebsiteRow[]>(`${websiteSelect} where w.owner_user_id = ? and w.id = ?`, [ownerUserId, id]);
    return rows[0] ? toWebsite(rows[0]) : null;
  }

  async websitesOfDomain(ownerUserId: string, domain: string): Promise<WebsiteRecord[]> {
    const rows = await this.em.execute<WebsiteRow[]>(`${websiteSelect} where w.owner_user_id = ? and w.domain = ? order by w.created_at`, [ownerUserId, domain]);
    return rows.map(toWebsite);
  }

  /** The owner's website for the domain in the project (null: the bucket), created when missing. */
  async ensureWebsite(ownerUserId: string, projectId: string | null, domain: string): Promise<{ website: WebsiteRecord; created: boolean }> {
    const { id, created } = await this.ensureWebsiteId(ownerUserId, projectId, domain);
    return { website: (await this.findWebsite(ownerUserId, id))!, created };
  }

  /** ensureWebsite's id alone (an import of many rows needs no counts of links and contacts per row). */
  async ensureWebsiteId(ownerUserId: string, projectId: string | null, domain: string): Promise<{ id: string; created: boolean }> {
    const inserted = await this.em.execute<{ id: string }[]>(
      `insert into outreach_website (id, owner_user_id, project_id, domain, rating, relationship, tags, created_at, updated_at)
       values (?, ?, ?, ?, 0, 'none', '{}', now(), now())
       on conflict (owner_user_id, coalesce(project_id, '00000000-0000-0000-0000-000000000000'::uuid), domain) do nothing returning id`,
      [randomUUID(), ownerUserId, projectId, domain],
    );
    if (inserted[0]) return { id: inserted[0].id, created: true };
    const known = await this.em.execute<{ id: string }[]>(
      'select id from outreach_website where owner_user_id = ? and project_id is not distinct from ?::uuid and domain = ?',
      [ownerUserId, projectId, domain],
    );
    return { id: known[0]!.id, created: false };
  }

  async updateWebsite(ownerUserId: string, id: string, changes: { rating?: number; relationship?: string; tags?: string[] }): Promise<WebsiteRecord | null> {
    return (await this.setWebsiteAttributes(ownerUserId, id, changes)) ? this.findWebsite(ownerUserId, id) : null;
  }

  /** updateWebsite without reading the website back: whether it was the owner's. */
  async setWebsiteAttributes(ownerUserId: string, id: string, changes: { rating?: number; relationship?: string; tags?: string[] }): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update outreach_website set rating = coalesce(?::smallint, rating), relationship = coalesce(?, relationship),
         tags = coalesce(?::text[], tags), updated_at = now()
       where owner_user_id = ? and id = ? returning id`,
      [changes.rating ?? null, changes.relationship ?? null, changes.tags ? quotedArray(changes.tags) : null, ownerUserId, id],
    );
    return rows.length > 0;
  }

  /**
   * Moves a website and its links to a project (null: the bucket). 'conflict' when the target already has a website
   * of that domain.
   */
  async moveWebsite(ownerUserId: string, id: string, projectId: string | null): Promise<WebsiteRecord | 'conflict' | null> {
    const website = await this.findWebsite(ownerUserId, id);
    if (!website) return null;
    if (website.projectId === projectId) return website;
    const clash = await this.em.execute<{ id: string }[]>(
      'select id from outreach_website where owner_user_id = ? and project_id is not distinct from ?::uuid and domain = ? and id <> ?',
      [ownerUserId, projectId, website.domain, id],
    );
    if (clash.length) return 'conflict';
    await this.em.execute('update outreach_website set project_id = ?, updated_at = now() where owner_user_id = ? and id = ?', [projectId, ownerUserId, id]);
    await this.em.execute('update outreach_link set project_id = ?, updated_at = now() where owner_user_id = ? and website_id = ?', [projectId, ownerUserId, id]);
    await this.em.execute('update outreach_history set project_id = ? where owner_user_id = ? and website_id = ?', [projectId, ownerUserId, id]);
    return this.findWebsite(ownerUserId, id);
  }

  // ------------------------------------------------------------------ links

  async listLinks(ownerUserId: string, scope: OutreachScope, options: { filter?: string; websiteId?: string } = {}): Promise<LinkRecord[]> {
    const where = scopeOf('l.project_id', scope);
    const rows = await this.em.execute<LinkRow[]>(
      `${linkSelect} where l.owner_user_id = ? and ${where.sql} and (?::text is null or lower(l.url) like ?)
         and (?::uuid is null or l.website_id = ?::uuid)
       order by l.created_at desc, l.id`,
      [ownerUserId, ...where.params, likeOf(options.filter), likeOf(options.filter), options.websiteId ?? null, options.websiteId ?? null],
    );
    return rows.map(toLink);
  }

  async findLink(ownerUserId: string, id: string): Promise<LinkRecord | null> {
    const rows = await this.em.execute<LinkRow[]>(`${linkSelect} where l.owner_user_id = ? and l.id = ?`, [ownerUserId, id]);
    return rows[0] ? toLink(rows[0]) : null;
  }

  async linksOfUrl(ownerUserId: string, url: string): Promise<LinkRecord[]> {
    const rows = await this.em.execute<LinkRow[]>(`${linkSelect} where l.owner_user_id = ? and l.url = ? order by l.created_at`, [ownerUserId, url]);
    return rows.map(toLink);
  }

  /** The owner's link for the URL in the website's project, created when missing; fresh numbers replace old ones. */
  async ensureLink(input: EnsureLinkInput): Promise<{ link: LinkRecord; created: boolean }> {
    const { id, created } = await this.ensureLinkId(input);
    return { link: (await this.findLink(input.ownerUserId, id))!, created };
  }

  /** ensureLink's id alone (an import of many rows needs no counts of notes and tasks per row). */
  async ensureLinkId(input: EnsureLinkInput): Promise<{ id: string; created: boolean }> {
    const rows = await this.em.execute<{ id: string; created: boolean }[]>(
      `insert into outreach_link (id, owner_user_id, project_id, website_id, url, monthly_organic_clicks, ranked_keywords, rating, relationship, tags,
         created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, 0, 'none', '{}', now(), now())
       on conflict (owner_user_id, coalesce(project_id, '00000000-0000-0000-0000-000000000000'::uuid), url) do update
         set monthly_organic_clicks = coalesce(excluded.monthly_organic_clicks, outreach_link.monthly_organic_clicks),
             ranked_keywords = coalesce(excluded.ranked_keywords, outreach_link.ranked_keywords)
       returning id, (xmax = 0) as created`,
      [randomUUID(), input.ownerUserId, input.projectId, input.websiteId, input.url, input.monthlyOrganicClicks ?? null, input.rankedKeywords ?? null],
    );
    return rows[0]!;
  }

  async updateLink(ownerUserId: string, id: string, changes: { rating?: number; relationship?: string; tags?: string[] }): Promise<LinkRecord | null> {
    return (await this.setLinkAttributes(ownerUserId, id, changes)) ? this.findLink(ownerUserId, id) : null;
  }

  /** updateLink without reading the link back: whether it was the owner's. */
  async setLinkAttributes(ownerUserId: string, id: string, changes: { rating?: number; relationship?: string; tags?: string[] }): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update outreach_link set rating = coalesce(?::smallint, rating), relationship = coalesce(?, relationship),
         tags = coalesce(?::text[], tags), updated_at = now()
       where owner_user_id = ? and id = ? returning id`,
      [changes.rating ?? null, changes.relationship ?? null, changes.tags ? quotedArray(changes.tags) : null, ownerUserId, id],
    );
    return rows.length > 0;
  }

  async deleteLink(ownerUserId: string, id: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>('delete from outreach_link where owner_user_id = ? and id = ? returning id', [ownerUserId, id]);
    return rows.length > 0;
  }

  // ------------------------------------------------------------------ contacts

  async listContacts(ownerUserId: string, scope: OutreachScope, options: { filter?: string; websiteId?: string } = {}): Promise<ContactRecord[]> {
    const where = scopeOf('w.project_id', scope);
    const rows = await this.em.execute<ContactRow[]>(
      `${contactSelect} where w.owner_user_id = ? and ${where.sql}
         and (?::text is null or lower(coalesce(c.name, '') || ' ' || coalesce(c.email, '') || ' ' || w.domain) like ?)
         and (?::uuid is null or c.website_id = ?::uuid)
       order by lower(coalesce(c.name, c.email, '')), c.created_at`,
      [ownerUserId, ...where.params, likeOf(options.filter), likeOf(options.filter), options.websiteId ?? null, options.websiteId ?? null],
    );
    return rows.map(toContact);
  }

  async findContact(ownerUserId: string, id: string): Promise<ContactRecord | null> {
    const rows = await this.em.execute<ContactRow[]>(`${contactSelect} where w.owner_user_id = ? and c.id = ?`, [ownerUserId, id]);
    return rows[0] ? toContact(rows[0]) : null;
  }

  /**
   * The website's contact with this e-mail (or, without one, this name), created when missing; a known contact keeps
   * its details unless they were empty.
   */
  async ensureContact(websiteId: string, input: { name?: string | null; email?: string | null; role?: string | null }): Promise<{ id: string; created: boolean }> {
    const name = input.name?.trim() || null;
    const email = input.email?.trim() || null;
    const role = input.role?.trim() || null;
    if (email) {
      const rows = await this.em.execute<{ id: string; created: boolean }[]>(
        `insert into outreach_contact (id, website_id, name, email, role, created_at) values (?, ?, ?, ?, ?, now())
         on conflict (website_id, email) where email is not null do update
           set name = coalesce(outreach_contact.name, excluded.name), role = coalesce(outreach_contact.role, excluded.role)
         returning id, (xmax = 0) as created`,
        [randomUUID(), websiteId, name, email, role],
      );
      return rows[0]!;
    }
    const known = await this.em.execute<{ id: string }[]>(
      'select id from outreach_contact where website_id = ? and lower(name) = lower(?) order by created_at limit 1',
      [websiteId, name ?? ''],
    );
    if (known[0]) return { id: known[0].id, created: false };
    const id = randomUUID();
    await this.em.execute('insert into outreach_contact (id, website_id, name, email, role, created_at) values (?, ?, ?, null, ?, now())', [id, websiteId, name, role]);
    return { id, created: true };
  }
}
