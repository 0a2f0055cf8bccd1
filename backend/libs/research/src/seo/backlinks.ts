import type { BacklinkRow, BacklinkStatus } from '@serpwise/contracts';
import { type BuiltQuery, orderedTable, rowSourceOf, seoTableOrder, sortableAsNamed, type TableOrder, type TableSpec } from '../tables/index.js';
export type { BacklinkRow, BacklinkStatus };

export const backlinksSpec: TableSpec = {
  sortColumns: sortableAsNamed(['sourceUrl', 'sourceDomain', 'targetUrl', 'anchor', 'nofollow', 'firstSeen', 'lastSeen', 'live']),
  filterColumns: ['sourceUrl', 'anchor'],
  defaultOrder: [{ column: 'firstSeen', direction: 'desc' }],
  tieBreak: [{ column: 'sourceUrl', direction: 'asc' }, { column: 'targetUrl', direction: 'asc' }],
  unspecified: seoTableOrder,
};

export function backlinksQuery(criteria: { target: { domainId: number } | { pageId: number }; status: BacklinkStatus }, order: TableOrder): BuiltQuery {
  const target = 'pageId' in criteria.target ? 'b.target_page_id = ?' : 'b.target_domain_id = ?';
  const id = 'pageId' in criteria.target ? criteria.target.pageId : criteria.target.domainId;
  const status = criteria.status === 'live' ? 'and b.last_seen is null' : criteria.status === 'lost' ? 'and b.last_seen is not null' : '';
  const sql = `select sp.url as "sourceUrl", sd.name as "sourceDomain", tp.url as "targetUrl", b.anchor as "anchor", b.nofollow as "nofollow",
      to_char(b.first_seen, 'YYYY-MM-DD') as "firstSeen", to_char(b.last_seen, 'YYYY-MM-DD') as "lastSeen", (b.last_seen is null) as "live",
      ${rowSourceOf('b.source_id')}
    from backlink b join page sp on sp.id = b.source_page_id join domain sd on sd.id = b.source_domain_id join page tp on tp.id = b.target_page_id
    where ${target} ${status}`;
  // The joins only add names (every backlink has its pages and domains: the writers add them first, and a page or
  // site is removed only once no backlink uses it), so the count reads the backlink index alone.
  const countSql = `select 1 from backlink b where ${target} ${status}`;
  const query = orderedTable({ sql, params: [id], countSql }, backlinksSpec, order);
  const [leading] = query.keyset?.keys ?? [];
  if (leading?.column !== 'firstSeen' || order.filter?.trim()) return query;
  // Ordered by first seen (the default) and not filtered: a page of K = offset + limit rows lies among the links first
  // seen on or after the K-th one's day (before it, ascending), which the (target, first_seen) index finds by reading K
  // entries; only those (K plus that day's ties) are joined and sorted, not every link of a domain with millions.
  const targetColumn = 'pageId' in criteria.target ? 'target_page_id' : 'target_domain_id';
  const before = leading.direction === 'desc' ? '>=' : '<=';
  return {
    ...query,
    pageSql: ({ limit, offset }) => {
      const kth = `(select c.first_seen from backlink c where c.${targetColumn} = ? ${status.replaceAll('b.', 'c.')}
        order by c.first_seen ${leading.direction} offset ? limit 1)`;
      const narrowed = orderedTable({ sql: `${sql} and b.first_seen ${before} coalesce(${kth}, b.first_seen)`, params: [id, id, offset + limit - 1] }, backlinksSpec, order);
      return { sql: `${narrowed.sql} limit ${limit} offset ${offset}`, params: narrowed.params };
    },
  };
}

