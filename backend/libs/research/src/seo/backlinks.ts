import type { PageRequest } from '@serpwise/contracts';
import type { Sql } from '../sql.js';
import { orderedTable, pageOf, type BuiltQuery, type TableOrder, type TableSpec } from './table-query.js';

/** Links pointing at a domain (any of its pages) or at one URL. Backlinks have no territory. */
export interface BacklinkRow {
  sourceUrl: string;
  sourceDomain: string;
  targetUrl: string;
  anchor: string;
  nofollow: boolean;
  firstSeen: string;
  /** Null while the link is live. */
  lastSeen: string | null;
  live: boolean;
}

export type BacklinkStatus = 'all' | 'live' | 'lost';

export const backlinksSpec: TableSpec = {
  sortable: ['sourceUrl', 'sourceDomain', 'targetUrl', 'anchor', 'nofollow', 'firstSeen', 'lastSeen', 'live'],
  filterColumns: ['sourceUrl', 'anchor'],
  defaultSort: 'firstSeen',
  defaultDirection: 'desc',
  tieBreak: 't."sourceUrl" asc, t."targetUrl" asc',
};

export function backlinksQuery(criteria: { target: { domainId: number } | { pageId: number }; status: BacklinkStatus }, order: TableOrder): BuiltQuery {
  const target = 'pageId' in criteria.target ? 'b.target_page_id = ?' : 'b.target_domain_id = ?';
  const id = 'pageId' in criteria.target ? criteria.target.pageId : criteria.target.domainId;
  const status = criteria.status === 'live' ? 'and b.last_seen is null' : criteria.status === 'lost' ? 'and b.last_seen is not null' : '';
  const sql = `select sp.url as "sourceUrl", sd.name as "sourceDomain", tp.url as "targetUrl", b.anchor as "anchor", b.nofollow as "nofollow",
      to_char(b.first_seen, 'YYYY-MM-DD') as "firstSeen", to_char(b.last_seen, 'YYYY-MM-DD') as "lastSeen", (b.last_seen is null) as "live"
    from backlink b join page sp on sp.id = b.source_page_id join domain sd on sd.id = b.source_domain_id join page tp on tp.id = b.target_page_id
    where ${target} ${status}`;
  return orderedTable({ sql, params: [id] }, backlinksSpec, order);
}

export const backlinksPage = (sql: Sql, criteria: Parameters<typeof backlinksQuery>[0], order: TableOrder, page: PageRequest) =>
  pageOf<BacklinkRow>(sql, backlinksQuery(criteria, order), page);
