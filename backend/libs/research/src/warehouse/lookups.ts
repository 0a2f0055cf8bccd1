import { installationOwner } from '../viewer-scope.js';
import type { Sql } from '../sql.js';

/** Look-ups every research table starts from: which month to read and which domain ids a request names. */

/**
 * The newest month with data in a territory ('YYYY-MM-DD'), or null for an empty territory: of the installation's
 * roll-ups, or of the viewer's own imported rows when those reach further. Through a viewer-scoped Sql, data_source
 * keeps only the viewer's own sources; the owner equality then reads organic_rank_owned_index (a few rows), where a
 * plain max(month) over the viewer's rows would walk every partition's primary key backwards.
 */
export async function newestMonth(sql: Sql, territory: string): Promise<string | null> {
  const [row] = await sql.query<{ month: string | null }>(
    `select to_char(greatest((select max(month) from domain_month where territory = ?),
       (select max(own.month) from (select distinct owner_user_id from data_source where owner_user_id is not null) s
          cross join lateral (select max(month) as month from organic_rank r
            where r.owner_user_id = s.owner_user_id and r.owner_user_id <> '${installationOwner}' and r.territory = ?) own)), 'YYYY-MM-DD') as month`,
    [territory, territory]);
  return row?.month ?? null;
}

/**
 * The month of a request: the given YYYY-MM as its first day; else, for a domain, the newest month with data for it
 * as the viewer sees it (an imported site's newest imported month, not the demo market's: docs/decisions.md,
 * "Issue 19: imported data shows where users look"); else the territory's newest month.
 */
export async function researchMonth(sql: Sql, territory: string, month?: string, domain?: string): Promise<string | null> {
  if (month) return `${month}-01`;
  if (domain !== undefined) {
    const [row] = await sql.query<{ month: string | null }>(
      `select to_char(max(month), 'YYYY-MM-DD') as month from domain_month where territory = ? and domain_id = (select id from domain where name = ?)`,
      [territory, domain]);
    if (row?.month) return row.month;
  }
  return newestMonth(sql, territory);
}

export async function domainIdOf(sql: Sql, name: string): Promise<number | null> {
  const [row] = await sql.query<{ id: number }>('select id from domain where name = ?', [name]);
  return row?.id ?? null;
}

/** Domain ids by name, in the order given; null for names the warehouse does not know. */
export async function domainIdsOf(sql: Sql, names: readonly string[]): Promise<(number | null)[]> {
  const rows = await sql.query<{ id: number; name: string }>(`select id, name from domain where name = any(string_to_array(?, ','))`, [names.join(',')]);
  const byName = new Map(rows.map((row) => [row.name, row.id]));
  return names.map((name) => byName.get(name) ?? null);
}

/** The first day of the month `count - 1` months before `month` (a window of `count` months ending at `month`). */
export const windowStart = (month: string, count: number) => {
  const date = new Date(`${month}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - (count - 1));
  return date.toISOString().slice(0, 10);
};

/** The months of a window, oldest first ('YYYY-MM-DD'). */
export const windowMonths = (month: string, count: number) => Array.from({ length: count }, (_, index) => windowStart(month, count - index));

/** The first day of the month before a YYYY-MM-DD month. */
export const previousMonth = (month: string) => windowStart(month, 2);
