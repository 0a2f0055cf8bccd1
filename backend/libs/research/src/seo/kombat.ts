import type { OrganicKombatSegment } from '@serpwise/contracts';
import type { Sql } from '../sql.js';
import type { KombatRow, KombatCounts } from '@serpwise/contracts';
import { type BuiltQuery, orderedTable, rowSourceOf, seoTableOrder, sortableAsNamed, type TableOrder, type TableSpec, volumeAt } from '../tables/index.js';
export type { KombatRow, KombatCounts };

export interface KombatCriteria {
  /** 2–3 domain ids; the first is the user's domain. */
  domainIds: readonly number[];
  territory: string;
  month: string;
  /**
   * Every domain's month is in the SEO keywords roll-up and this viewer may read it with its volume keys
   * (organicKeywordsRolledUp and viewerFiguresShared for each): the `all` segment's first pages in volume order and,
   * for two domains, its count are read from it.
   */
  fromRollup?: boolean;
}

const segmentPredicates = (count: number): Record<OrganicKombatSegment, string> => ({
  all: 'true',
  core: `ranked = ${count}`,
  missing: 'p1 is null',
  questions: 'is_question',
  transactional: 'is_transactional',
  content: '(p1 is null or p1 > 10) and least(p2, p3) <= 10',
});

export const kombatSpec: TableSpec = {
  sortColumns: sortableAsNamed(['keyword', 'volume', 'cpc', 'difficulty', 'position1', 'position2', 'position3', 'clicks']),
  filterColumns: ['keyword'],
  defaultOrder: [{ column: 'volume', direction: 'desc' }],
  tieBreak: [{ column: 'keyword', direction: 'asc' }],
  unspecified: seoTableOrder,
};

/**
 * One row per keyword any of the domains ranks for: each domain's best position (p1–p3), how many of the domains
 * rank for it (`ranked`) and their clicks — one grouping by keyword over the domains' ranks.
 */
function kombatBase(criteria: KombatCriteria, top?: { sql: string; params: unknown[] }): BuiltQuery {
  const [first, second, third] = criteria.domainIds;
  const distinctIds = [...new Set(criteria.domainIds)];
  const sql = `with ${top ? `${top.sql},` : ''} cur as (select ?::date as m),
    compared as (
      select r.keyword_id,
        min(r.position) filter (where r.domain_id = ?) as p1,
        min(r.position) filter (where r.domain_id = ?) as p2,
        min(r.position) filter (where r.domain_id = ?) as p3,
        ${distinctIds.map(() => '(bool_or(r.domain_id = ?))::int').join(' + ')} as ranked,
        sum(r.clicks) as clicks, array_agg(distinct r.source_id) as sources
      from organic_rank r
      where r.month = ?::date and r.territory = ? and r.domain_id = any(string_to_array(?, ',')::int[])${top ? ' and r.keyword_id = any(array(select keyword_id from top))' : ''}
      group by r.keyword_id)
    -- Grouped before the keyword is joined: research reads keyword through a viewer-scoped subquery (viewer-scope.ts),
    -- where grouping by its id would not make its other columns available.
    select k.term, k.is_question, k.is_transactional, k.cpc, k.difficulty, ${volumeAt('k', 'c.m')} as volume, x.p1, x.p2, x.p3, x.ranked, x.clicks, x.sources
    from compared x join keyword k on k.id = x.keyword_id, cur c`;
  return {
    sql,
    params: [...(top?.params ?? []), criteria.month, first, second, third ?? -1, ...distinctIds, criteria.month, criteria.territory, criteria.domainIds.join(',')],
  };
}

function kombatTable(criteria: KombatCriteria, segment: OrganicKombatSegment, order: TableOrder, top?: { sql: string; params: unknown[] }): BuiltQuery {
  const base = kombatBase(criteria, top);
  const sql = `select b.term as "keyword", b.volume::int as "volume", b.cpc::float8 as "cpc", b.difficulty::int as "difficulty",
      b.p1::int as "position1", b.p2::int as "position2", b.p3::int as "position3", b.clicks::int as "clicks", ${rowSourceOf('b.sources')}
    from (${base.sql}) b where ${segmentPredicates(criteria.domainIds.length)[segment]}`;
  return orderedTable({ sql, params: base.params }, kombatSpec, order);
}

export function kombatQuery(criteria: KombatCriteria, segment: OrganicKombatSegment, order: TableOrder): BuiltQuery {
  const query = kombatTable(criteria, segment, order);
  if (!criteria.fromRollup || segment !== 'all' || order.filter?.trim()) return query;
  const distinctIds = [...new Set(criteria.domainIds)];
  // Two domains: |A ∪ B| = |A| + |B| − |A ∩ B|, the keywords both rank for being their competitor_month row's.
  const counted: BuiltQuery = distinctIds.length !== 2 ? query : {
    ...query,
    totalSql: `select (a.keywords + b.keywords - coalesce((select c.common_keywords from competitor_month c
        where (c.domain_id, c.territory, c.month, c.competitor_domain_id) = (a.domain_id, a.territory, a.month, b.domain_id)), 0))::int as total
      from organic_rollup_month a join organic_rollup_month b on (b.territory, b.month) = (a.territory, a.month) and b.domain_id = ?
      where (a.domain_id, a.territory, a.month) = (?, ?, ?::date)`,
    totalParams: [distinctIds[1], distinctIds[0], criteria.territory, criteria.month],
  };
  const [leading] = query.keyset?.keys ?? [];
  if (leading?.column !== 'volume') return counted;
  // In volume order the K = offset + limit first keywords of the union are among each domain's K first (with the
  // K-th one's ties), read from its volume index; the table's own statement for those keywords gives their rows.
  return {
    ...counted,
    pageSql: ({ limit, offset }) => {
      const perDomain = distinctIds.map(() => `(select k.keyword_id from organic_keyword_month k where k.domain_id = ? and k.territory = ? and k.month = ?::date
          order by k.volume ${leading.direction} nulls ${leading.nulls} fetch first (?::bigint) rows with ties)`);
      const top = {
        sql: `top as (${perDomain.join(' union ')})`,
        params: distinctIds.flatMap((id) => [id, criteria.territory, criteria.month, offset + limit]),
      };
      const page = kombatTable(criteria, segment, order, top);
      return { sql: `${page.sql} limit ${limit} offset ${offset}`, params: page.params };
    },
  };
}

/** The Venn regions and every segment's count, in one pass over the comparison (one region per row of the answer). */
export async function kombatCounts(sql: Sql, criteria: KombatCriteria, names: readonly string[]): Promise<KombatCounts> {
  const base = kombatBase(criteria);
  const predicates = Object.entries(segmentPredicates(criteria.domainIds.length)) as [OrganicKombatSegment, string][];
  const segmentColumns = predicates.map(([name, predicate]) => `count(*) filter (where ${predicate})::int as "${name}"`);
  const regions = await sql.query<{ mask: number; keywords: number } & Record<OrganicKombatSegment, number>>(
    `select ((p1 is not null)::int + 2 * (p2 is not null)::int + 4 * (p3 is not null)::int) as mask, count(*)::int as keywords,
       ${segmentColumns.join(', ')}
     from (${base.sql}) b group by 1`,
    base.params,
  );
  const segments = Object.fromEntries(predicates.map(([name]) => [name, regions.reduce((sum, region) => sum + region[name], 0)])) as Record<OrganicKombatSegment, number>;
  const byMask = new Map(regions.map((region) => [region.mask, region.keywords]));
  const venn: KombatCounts['venn'] = [];
  for (let mask = 1; mask < 1 << names.length; mask += 1) {
    venn.push({ domains: names.filter((_name, index) => mask & (1 << index)), keywords: byMask.get(mask) ?? 0 });
  }
  return { venn, segments };
}

