import { normaliseKeyword } from '@serpwise/contracts';
import type pg from 'pg';
import type { ParsedItem } from './import-parser.js';

const resultKey = (territory: string, term: string, day: string, position: number) => `r|${territory}|${term}|${day}|${position}`;
const pageMonthKey = (url: string, month: string) => `p|${url}|${month}`;

/**
 * The rows of a file whose records give several rows each (a Search Console export spread over its months), for the
 * import's counts: rows of the file, not rows × months (docs/decisions.md, "What an import's counts count"). A row of
 * the file landed when any of its parts did (a query new in one of its months); it was already there when none did.
 * Holds a key per part: a Search Console export has a few thousand rows at most.
 */
export class FileRowCounts {
  private readonly rows: string[][] = [];

  /** A good item of the parser (a bad one is a row of its own, counted by the caller). */
  add(item: Exclude<ParsedItem, { problem: string }>): void {
    if (item.fileRow === 'none') return;
    const key = item.row
      ? resultKey(item.row.territory, normaliseKeyword(item.row.keyword), item.row.date, item.row.position ?? 0)
      : item.traffic.url === null ? null : pageMonthKey(item.traffic.url, item.traffic.month);
    if (key === null) return;
    if (item.fileRow === 'same' && this.rows.length) this.rows.at(-1)!.push(key);
    else this.rows.push([key]);
  }

  /** The rows of the file of which some part landed with the source (asked inside the landing transaction). */
  async landed(client: pg.ClientBase, sourceId: number): Promise<number> {
    const { rows } = await client.query<{ key: string }>(
      `select 'r|' || k.territory || '|' || k.term || '|' || to_char(o.observed_on, 'YYYY-MM-DD') || '|' || o.position as key
       from serp_observation o join keyword k on k.id = o.keyword_id where o.source_id = $1
       union all
       select 'p|' || p.url || '|' || to_char(t.month, 'YYYY-MM-DD') from site_traffic t join page p on p.id = t.page_id where t.source_id = $1`,
      [sourceId]);
    const landed = new Set(rows.map((row) => row.key));
    return this.rows.filter((keys) => keys.some((key) => landed.has(key))).length;
  }
}
