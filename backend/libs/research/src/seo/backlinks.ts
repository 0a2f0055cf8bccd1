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

/**
 * `manyLinks`: the target is a domain with a backlink_total row (at least backlinkTotalMinLinks links), whose first
 * pages in anchor order walk its source pages in URL order (anchorPageSql) instead of sorting every link.
 */
export function backlinksQuery(criteria: { target: { domainId: number } | { pageId: number }; status: BacklinkStatus; manyLinks?: boolean }, order: TableOrder): BuiltQuery {
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
  if (leading?.column === 'anchor' && !filtered && criteria.manyLinks && targetColumn === 'target_domain_id') {
    return { ...query, pageSql: ({ limit, offset }) => anchorPageSql({ id, status: status('c'), where, direction: leading.direction, order, limit, offset }) };
  }
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

/**
 * A page of a domain's links in anchor order (then source URL, target URL: the tie-break), without sorting every link
 * (the giant's 2,000,000 have four anchors, so the K = offset + limit first rows can tie on the anchor with 500,000).
 * The K first rows are among: the links whose anchor comes before the K-th link's anchor (fewer than K), and the links
 * with that anchor from the first K source pages, in URL order, that have one — found by walking the page URL index
 * and probing (target_domain_id, anchor, source_page_id) per page, which stops after K. The K-th anchor and the walk
 * read the same joins as the rows (the viewer's pages and sites), so what the viewer does not see never takes a place.
 * Only for domains with very many links (backlink_total): for a few, sorting them is cheaper than a walk that may pass
 * many pages.
 */
function anchorPageSql(page: { id: number; status: string; where: string; direction: 'asc' | 'desc'; order: TableOrder; limit: number; offset: number }) {
  const { id, status, direction, limit, offset } = page;
  const visible = 'join page sp on sp.id = c.source_page_id join domain sd on sd.id = c.source_domain_id join page tp on tp.id = c.target_page_id';
  const links = `(with kth as (select c.anchor from backlink c ${visible} where c.target_domain_id = ? ${status}
        order by c.anchor ${direction} offset (?::bigint - 1) limit 1),
      walk as (select p.id from page p cross join lateral (select 1 from backlink c ${visible}
          where c.target_domain_id = ? ${status} and c.anchor = (select anchor from kth) and c.source_page_id = p.id limit 1) linked
        order by p.url limit (?::bigint))
      -- fewer than K each (LIMIT says so to the planner, which would otherwise hash the pages for a third of the links;
      -- ORDER BY keeps it on the index instead of scanning the table for the few before the K-th)
      (select c.* from backlink c where c.target_domain_id = ? ${status} and c.anchor ${direction === 'asc' ? '<' : '>'} (select anchor from kth)
        order by c.anchor ${direction} limit (?::bigint))
      union all
      -- no K-th link: fewer than K in all
      (select c.* from backlink c where c.target_domain_id = ? ${status} and not exists (select 1 from kth) limit (?::bigint))
      union all
      select c.* from backlink c where c.target_domain_id = ? ${status} and c.anchor = (select anchor from kth) and c.source_page_id in (select id from walk))`;
  const k = offset + limit;
  const narrowed = orderedTable({ sql: backlinkRowsSql(links, page.where), params: [id, k, id, k, id, k, id, k, id, id] }, backlinksSpec, page.order);
  return { sql: `${narrowed.sql} limit ${limit} offset ${offset}`, params: narrowed.params };
}
