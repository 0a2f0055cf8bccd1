import type { EntityManager } from '@mikro-orm/postgresql';
import { GoogleTokenTable } from './google-token.repository.js';

/** A picked Search Console property with how far its days are fetched. */
export interface StoredSearchConsoleProperty {
  id: string;
  ownerUserId: string;
  siteUrl: string;
  domain: string;
  permissionLevel: string;
  firstDay: string;
  daysDone: number;
  lastDay: string | null;
  rows: number;
}

type PropertyRow = { id: number; owner_user_id: string; site_url: string; domain: string; permission_level: string; first_day: string; days_done: number; last_day: string | null; rows: number };
const propertyOf = (row: PropertyRow): StoredSearchConsoleProperty => ({
  id: String(row.id), ownerUserId: row.owner_user_id, siteUrl: row.site_url, domain: row.domain, permissionLevel: row.permission_level,
  firstDay: row.first_day, daysDone: row.days_done, lastDay: row.last_day, rows: Number(row.rows),
});
const propertySelect = `select p.id, p.owner_user_id, p.site_url, p.domain, p.permission_level, to_char(p.first_day, 'YYYY-MM-DD') as first_day,
    (select count(*)::int from search_console_day d where d.property_id = p.id and d.day >= p.first_day) as days_done,
    (select to_char(max(d.day), 'YYYY-MM-DD') from search_console_day d where d.property_id = p.id) as last_day,
    (select coalesce(sum(d.rows), 0)::bigint from search_console_day d where d.property_id = p.id) as rows
  from search_console_property p`;

/**
 * Search Console connections (`connections`: one encrypted refresh token per user) and picked properties. Every
 * read and change names its owner: no call reaches another user's connection or properties.
 */
export class SearchConsoleRepository {
  /** The users' Search Console authorisations (search_console_connection). */
  readonly connections: GoogleTokenTable;

  constructor(private readonly em: EntityManager) {
    this.connections = new GoogleTokenTable(em, 'search_console_connection');
  }

  /** Adds the property for its owner, or answers the one already picked (same owner, same site URL). */
  async pick(property: { ownerUserId: string; siteUrl: string; domain: string; permissionLevel: string; firstDay: string }): Promise<StoredSearchConsoleProperty> {
    await this.em.execute(
      `insert into search_console_property (owner_user_id, site_url, domain, permission_level, first_day, created_at) values (?, ?, ?, ?, ?::date, now())
       on conflict (owner_user_id, site_url) do update set permission_level = excluded.permission_level`,
      [property.ownerUserId, property.siteUrl, property.domain, property.permissionLevel, property.firstDay]);
    const [row] = await this.em.execute<PropertyRow[]>(`${propertySelect} where p.owner_user_id = ? and p.site_url = ?`, [property.ownerUserId, property.siteUrl]);
    return propertyOf(row!);
  }

  async propertiesOf(ownerUserId: string): Promise<StoredSearchConsoleProperty[]> {
    return (await this.em.execute<PropertyRow[]>(`${propertySelect} where p.owner_user_id = ? and not p.removing order by p.site_url`, [ownerUserId])).map(propertyOf);
  }

  async property(ownerUserId: string, id: string): Promise<StoredSearchConsoleProperty | null> {
    if (!/^\d{1,9}$/.test(id)) return null;
    const [row] = await this.em.execute<PropertyRow[]>(`${propertySelect} where p.owner_user_id = ? and p.id = ? and not p.removing`, [ownerUserId, Number(id)]);
    return row ? propertyOf(row) : null;
  }

  /**
   * Marks every property of the owner `removing` (waiting for a day being kept) and answers their ids, those a
   * removal stopped half-way left too: from now on no sync keeps a day or lands a month of them.
   */
  async markRemoving(ownerUserId: string): Promise<string[]> {
    const rows = await this.em.execute<{ id: number }[]>('update search_console_property set removing = true where owner_user_id = ? returning id', [ownerUserId]);
    return rows.map((row) => String(row.id)).sort((a, b) => Number(a) - Number(b));
  }

  /** Every property of a connected user (the daily sync's list). */
  async connectedProperties(): Promise<{ id: string; ownerUserId: string; siteUrl: string }[]> {
    const rows = await this.em.execute<{ id: number; owner_user_id: string; site_url: string }[]>(
      `select p.id, p.owner_user_id, p.site_url from search_console_property p
       where not p.removing and exists (select 1 from search_console_connection c where c.user_id = p.owner_user_id) order by p.id`);
    return rows.map((row) => ({ id: String(row.id), ownerUserId: row.owner_user_id, siteUrl: row.site_url }));
  }
}
