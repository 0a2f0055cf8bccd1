import type { BacklinkRow, BacklinkStatus } from '@serpwise/contracts';
import { backlinkCountSql } from '../warehouse/backlink-totals.js';
import { type BuiltQuery, orderedTable, rowSourceOf, seoTableOrder, sortableAsNamed, type TableOrder, type TableSpec } from '../tables/index.js';
export type { BacklinkRow, BacklinkStatus };

export const backlinksSpec: TableSpec = {
  sortColumns: sortableAsNamed(['sourceUrl', 'sourceDomain', 'targetUrl', 'anchor', 'nofollow', 'firstSeen', 'lastSeen', 'live']),
  filterColumns: ['sourceUrl', 'anchor'],
  defaultOrder: [{ column: 'firstSeen', direction: 'desc' }],
  tieBreak: [{ column: 'sourceUrl', direction: 'asc' }, { column: 'targetUrl', direction: 'asc' }],
  unspecified: seoTableOrder,
};

/** The backlinks table's statement over `links` (the backlink table, or a part of it read first), aliased b. */
const backlinkRowsSql = (links: string, where: string) => `select sp.url as "sourceUrl", sd.name as "sourceDomain", tp.url as "targetUrl", b.anchor as "anchor", b.nofollow as "nofollow",
      to_char(b.first_seen, 'YYYY-MM-DD') as "firstSeen", to_char(b.last_seen, 'YYYY-MM-DD') as "lastSeen", (b.last_seen is null) as "live",
      ${rowSourceOf('b.source_id')}
    from ${links} b join page sp on sp.id = b.source_page_id join domain sd on sd.id = b.source_domain_id join page tp on tp.id = b.target_page_id
    where ${where}`;

export function backlinksQuery(criteria: { target: { domainId: number } | { pageId: number }; status: BacklinkStatus }, order: TableOrder): BuiltQuery {
  const targetColumn = 'pageId' in criteria.target ? 'target_page_id' : 'target_domain_id';
  const id = 'pageId' in criteria.target ? criteria.target.pageId : criteria.target.domainId;
  const status = (alias: string) => criteria.status === 'live' ? `and ${alias}.last_seen is null` : criteria.status === 'lost' ? `and ${alias}.last_seen is not null` : '';
  const where = `b.${targetColumn} = ? ${status('b')}`;
  // The joins only add names (every backlink has its pages and domains: the writers add them first, and a page or
  // site is removed only once no backlink uses it), so the count reads the backlink index alone.
  const countSql = `select 1 from backlink b where ${where}`;
  const filtered = Boolean(order.filter?.trim());
  const ordered = orderedTable({ sql: backlinkRowsSql('backlink', where), params: [id], countSql }, backlinksSpec, order);
  // A domain's links unfiltered: its stored counts when it has very many (warehouse/backlink-totals.ts).
  const counts = { all: 'links', live: 'live_links', lost: 'lost_links' } as const;
  const query: BuiltQuery = filtered || 'pageId' in criteria.target ? ordered
    : { ...ordered, totalSql: `with target as (select ?::int as id) select (${backlinkCountSql('(select id from target)', counts[criteria.status])})::int as total` };
  const [leading] = query.keyset?.keys ?? [];
  if (leading?.column !== 'firstSeen' || filtered) return query;
  // Ordered by first seen (the default) and not filtered: a page of K = offset + limit rows lies among the K links
  // first seen last (first, ascending) and those seen the same day as the K-th, which the (target, first_seen) index
  // reads in order (FETCH … WITH TIES); only those are joined and sorted, not every link of a domain with millions.
  return {
    ...query,
    pageSql: ({ limit, offset }) => {
      const newest = `(select * from backlink c where c.${targetColumn} = ? ${status('c')}
        order by c.first_seen ${leading.direction} fetch first (?::bigint) rows with ties)`;
      const narrowed = orderedTable({ sql: backlinkRowsSql(newest, where), params: [id, offset + limit, id] }, backlinksSpec, order);
      return { sql: `${narrowed.sql} limit ${limit} offset ${offset}`, params: narrowed.params };
    },
  };
}
