import type { OrganicKombatSegment } from '@serpwise/contracts';
import type { Sql } from '../sql.js';
import type { KombatRow, KombatCounts } from '@serpwise/contracts';
import { keywordBitsWidth, organicKeywordsRolledUp } from '../warehouse/organic-rollup.js';
import { type BuiltQuery, orderedTable, rowSourceOf, seoTableOrder, sortableAsNamed, type TableOrder, type TableSpec, volumeAt } from '../tables/index.js';
export type { KombatRow, KombatCounts };

export interface KombatCriteria {
  /** 2–3 domain ids; the first is the user's domain. */
  domainIds: readonly number[];
  territory: string;
  month: string;
  /**
   * Read from the SEO keywords roll-up: for the pages, the viewer may read it with its volume keys
   * (viewerFiguresShared) and some domain's month is rolled up, so every segment's first pages in volume order walk it
   * (and, for two rolled-up domains, the `all` count is read from it); for kombatCounts, every domain's month is rolled
   * up for this viewer unless `rolledUp` says which.
   */
  fromRollup?: boolean;
  /**
   * Per domain (as domainIds), whether its month is rolled up for this viewer (kombatDomainsRolledUp); absent: every
   * one is when fromRollup, none otherwise. A domain that is not (below the roll-up's minimum: a few thousand keywords)
   * has its bitmaps and keyword rows made from its ranks, so a giant beside a small domain is read as two giants are.
   */
  rolledUp?: readonly boolean[];
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
  const stored = storedBitmaps(criteria);
  if (!criteria.fromRollup || !stored.some(Boolean) || order.filter?.trim()) return query;
  const distinctIds = [...new Set(criteria.domainIds)];
  // Two domains: |A ∪ B| = |A| + |B| − |A ∩ B|, the keywords both rank for being their competitor_month row's.
  const counted: BuiltQuery = distinctIds.length !== 2 || segment !== 'all' || !stored.every(Boolean) ? query : {
    ...query,
    totalSql: `select (a.keywords + b.keywords - coalesce((select c.common_keywords from competitor_month c
        where (c.domain_id, c.territory, c.month, c.competitor_domain_id) = (a.domain_id, a.territory, a.month, b.domain_id)), 0))::int as total
      from organic_rollup_month a join organic_rollup_month b on (b.territory, b.month) = (a.territory, a.month) and b.domain_id = ?
      where (a.domain_id, a.territory, a.month) = (?, ?, ?::date)`,
    totalParams: [distinctIds[1], distinctIds[0], criteria.territory, criteria.month],
  };
  const [leading] = query.keyset?.keys ?? [];
  if (leading?.column !== 'volume') return counted;
  // In volume order the K = offset + limit first keywords of the segment are among the K first (with the K-th one's
  // ties) of some walks: each reads one domain's keywords of the segment (or some of them) from a volume index and
  // stops; together they hold every keyword of the segment. The table's own statement for those keywords gives their
  // rows. A walk whose keywords the bitmaps say are none is not started (it would read all of its domain's keywords).
  return {
    ...counted,
    pageSql: ({ limit, offset }) => {
      const bits = bitsOperands(criteria, stored);
      const months = keywordMonthsOperands(criteria, stored);
      const walks = segmentWalks(criteria, segment, stored).map((walk) => {
        // A domain that is not rolled up is walked over its keyword rows made from its ranks (keywordMonthsOperands).
        const walked = stored[walk.index]
          ? { from: 'organic_keyword_month k where k.domain_id = ? and k.territory = ? and k.month = ?::date', params: [walk.domainId, criteria.territory, criteria.month] }
          // In the walk's order already (a few thousand rows sorted), so the walk stops probing once it has its rows.
          : { from: `(select * from km${walk.index} order by volume ${leading.direction} nulls ${leading.nulls} offset 0) k where true`, params: [] };
        return {
          sql: `(select k.keyword_id from ${walked.from} ${walk.where}
            and (${walk.gate}) order by k.volume ${leading.direction} nulls ${leading.nulls} fetch first (?::bigint) rows with ties)`,
          params: [...walked.params, ...walk.params, ...walk.gateParams, offset + limit],
        };
      });
      const top = {
        sql: `${bits.ctes}, ${months.ctes ? `${months.ctes}, ` : ''}top as (${walks.length ? walks.map((walk) => walk.sql).join(' union ') : 'select null::int as keyword_id where false'})`,
        params: [...bits.params, ...months.params, ...walks.flatMap((walk) => walk.params)],
      };
      const page = kombatTable(criteria, segment, order, top);
      return { sql: `${page.sql} limit ${limit} offset ${offset}`, params: page.params };
    },
  };
}

/**
 * The domains' bitmaps as CTEs kb0…kb2, and a bit expression's count over them: a rolled-up domain's stored ones
 * (organic_keyword_bits), any other's (`stored[index]` false) made from its ranks the viewer sees, as the roll-up
 * makes them (a domain below the roll-up's minimum has a few thousand ranks: milliseconds).
 */
function bitsOperands(criteria: KombatCriteria, stored: readonly boolean[] = criteria.domainIds.map(() => true)) {
  const ctes = criteria.domainIds.map((_id, index) => `kb${index} as (${stored[index] ? `select chunk, ranked, top10, question, transactional from organic_keyword_bits
      where domain_id = ? and territory = ? and month = ?::date` : bitsFromRanksSql})`);
  const joined = criteria.domainIds.map((_id, index) => (index ? `full join kb${index} using (chunk)` : 'kb0')).join(' ');
  return {
    ctes: ctes.join(', '),
    params: criteria.domainIds.flatMap((id) => [id, criteria.territory, criteria.month]),
    /** count(expression) over every chunk, as an int. */
    count: (expression: string) => `(select coalesce(sum(bit_count(${expression})), 0)::int from ${joined})`,
  };
}

/**
 * A domain-month's bitmaps from its ranks (parameters: domain id, territory, month), as organic_keyword_bits holds a
 * rolled-up one's: per chunk of keywordBitsWidth ids, bit id % width set for each keyword it ranks for (best position
 * in the top 10, the keyword's flags). Each keyword's one-bit string OR-ed into its chunk (a few thousand keywords:
 * ~30 ms; the roll-up's 64-bit words and their text took ~130 ms for 4,206).
 */
/** A domain-month's keywords with its best position in each, from its ranks (parameters: domain id, territory, month). */
const bestRanksSql = `select r.keyword_id, min(r.position) as position from organic_rank r
  where r.domain_id = ? and r.territory = ? and r.month = ?::date group by r.keyword_id`;

const bitsFromRanksSql = (() => {
  const none = `0::bit(${keywordBitsWidth})`;
  return `select x.keyword_id / ${keywordBitsWidth} as chunk, bit_or(x.bit) as ranked,
        coalesce(bit_or(x.bit) filter (where x.position <= 10), ${none}) as top10,
        coalesce(bit_or(x.bit) filter (where kw.is_question), ${none}) as question,
        coalesce(bit_or(x.bit) filter (where kw.is_transactional), ${none}) as transactional
      from (select b.*, (B'1'::bit(${keywordBitsWidth}) >> (b.keyword_id % ${keywordBitsWidth})) as bit from (${bestRanksSql}) b) x
      join keyword kw on kw.id = x.keyword_id
      group by 1`;
})();

/** Domain `index`'s bitmap `column`, a chunk it has no row of being all zeros. */
const bitsOf = (index: number, column: 'ranked' | 'top10' | 'question' | 'transactional') => `coalesce(kb${index}.${column}, 0::bit(${keywordBitsWidth}))`;
const anyOf = (indexes: number[], column: 'ranked' | 'top10' | 'question' | 'transactional') => indexes.map((index) => bitsOf(index, column)).join(' | ');

/**
 * The keyword rows of each domain that is not rolled up (`stored[index]` false) as organic_keyword_month holds a
 * rolled-up one's, made from its ranks the viewer sees: CTEs km0…km2 (keyword_id, territory, month, position, volume and the flags),
 * materialised once for the statement's walks and probes.
 */
function keywordMonthsOperands(criteria: KombatCriteria, stored: readonly boolean[]) {
  const live = criteria.domainIds.flatMap((id, index) => (stored[index] ? [] : [{ id, index }]));
  return {
    ctes: live.map(({ index }) => `km${index} as materialized (select x.keyword_id, c.territory, c.month, x.position, (${volumeAt('kw', 'c.month')})::int as volume,
          kw.is_question, kw.is_transactional
        from (${bestRanksSql}) x
        join keyword kw on kw.id = x.keyword_id cross join (select ?::varchar(2) as territory, ?::date as month) c)`).join(', '),
    params: live.flatMap(({ id }) => [id, criteria.territory, criteria.month, criteria.territory, criteria.month]),
  };
}

interface SegmentWalk {
  /** The walked domain's place in domainIds (its bitmaps kb<index>, its keyword rows km<index> when not rolled up). */
  index: number;
  domainId: number;
  /** Conditions on the walked row k beyond its domain-month (an index's predicate, probes of the other domains). */
  where: string;
  params: unknown[];
  /** Whether the walk can find anything (bitmaps), so a walk over a domain without such keywords is not started. */
  gate: string;
  gateParams: unknown[];
}

/** The walks of a segment (bitsOperands' CTEs in scope): each a subset of the segment; together all of it. */
function segmentWalks(criteria: KombatCriteria, segment: OrganicKombatSegment, stored: readonly boolean[]): SegmentWalk[] {
  const ids = criteria.domainIds;
  const { count } = bitsOperands(criteria, stored);
  const indexes = ids.map((_id, index) => index);
  const others = indexes.slice(1);
  // Whether the walked keyword k has a row of domain `index` (with `predicate` on it, alias o): a rolled-up domain's
  // primary key probed; any other's keyword rows (km<index>) hashed once, as an expression the planner keeps a filter.
  const has = (index: number, predicate = '') =>
    stored[index]
      ? { sql: `exists (select 1 from organic_keyword_month o where o.domain_id = ? and o.territory = k.territory and o.month = k.month
          and o.keyword_id = k.keyword_id ${predicate})`, params: [ids[index]] }
      : { sql: `coalesce(k.keyword_id in (select o.keyword_id from km${index} o where true ${predicate}), false)`, params: [] };
  // "Has no such row" as a probe the planner cannot turn into an anti-join: as `not exists` it estimated the anti-join
  // at one row, so it read the walked domain's whole month (hashing all of the first domain's, a parallel plan) and
  // sorted; as a boolean expression it is guessed at half the rows, so the walk reads the volume index and stops
  // after its limit, probing the first domain's primary key per keyword (at most one row: the key is unique).
  const absent = (index: number, predicate = '') =>
    stored[index]
      ? { sql: `coalesce((select false from organic_keyword_month o where o.domain_id = ? and o.territory = k.territory
          and o.month = k.month and o.keyword_id = k.keyword_id ${predicate}), true)`, params: [ids[index]] }
      : { sql: `not coalesce(k.keyword_id in (select o.keyword_id from km${index} o where true ${predicate}), false)`, params: [] };
  const always = { gate: 'true', gateParams: [] };
  // A gate over the bitmaps of `over`: only when all of them are stored. A domain that is not rolled up is small (below
  // the roll-up's minimum), so a walk it gates skips at most its few thousand keywords, or walks it (km<index>) whole.
  const gated = (over: number[], expression: string) => (over.every((index) => stored[index]) ? `${count(expression)} > 0` : 'true');
  switch (segment) {
    case 'all':
      return indexes.map((index) => ({ index, domainId: ids[index]!, where: '', params: [], ...always }));
    case 'core': {
      // Every domain ranks for them: walk one domain, probing the others. The one with the fewest keywords among the
      // rolled-up ones; a domain that is not rolled up (below the roll-up's minimum) when there is one.
      if (new Set(ids).size !== ids.length) return [];
      const probes = (index: number) => indexes.filter((other) => other !== index).map((other) => has(other));
      const walk = (index: number, gate: string, gateParams: unknown[]): SegmentWalk => ({
        index, domainId: ids[index]!, where: probes(index).map((probe) => `and ${probe.sql}`).join(' '), params: probes(index).flatMap((probe) => probe.params),
        gate: `${gated(indexes, indexes.map((other) => bitsOf(other, 'ranked')).join(' & '))} and ${gate}`, gateParams,
      });
      const notRolledUp = indexes.find((index) => !stored[index]);
      if (notRolledUp !== undefined) return [walk(notRolledUp, 'true', [])];
      const smallest = `(select l.domain_id from organic_rollup_month l where l.domain_id = any(?::int[]) and l.territory = ? and l.month = ?::date
        order by l.keywords, l.domain_id limit 1)`;
      return indexes.map((index) => walk(index, `${smallest} = ?`, [`{${ids.join(',')}}`, criteria.territory, criteria.month, ids[index]]));
    }
    case 'missing':
      return others.map((index) => {
        const probe = absent(0);
        return {
          index, domainId: ids[index]!, where: `and ${probe.sql}`, params: probe.params,
          gate: gated([index, 0], `${bitsOf(index, 'ranked')} & ~${bitsOf(0, 'ranked')}`), gateParams: [],
        };
      });
    case 'questions':
    case 'transactional': {
      const column = segment === 'questions' ? 'question' : 'transactional';
      return indexes.map((index) => ({
        index, domainId: ids[index]!, where: `and k.${segment === 'questions' ? 'is_question' : 'is_transactional'}`, params: [],
        gate: gated([index], bitsOf(index, column)), gateParams: [],
      }));
    }
    case 'content':
      // The others' top-10 keywords the first domain is not in the top 10 for.
      return others.map((index) => {
        const probe = absent(0, 'and o.position <= 10');
        return {
          index, domainId: ids[index]!, where: `and k.position <= 10 and ${probe.sql}`, params: probe.params,
          gate: gated([index, 0], `${bitsOf(index, 'top10')} & ~${bitsOf(0, 'top10')}`), gateParams: [],
        };
      });
  }
}

/**
 * Per domain, whether kombatCounts may read its stored bitmaps: its month is rolled up and this viewer sees
 * installation data only there (organicKeywordsRolledUp). From the ranks, a giant's counts take seconds.
 */
export async function kombatDomainsRolledUp(sql: Sql, criteria: Pick<KombatCriteria, 'domainIds' | 'territory' | 'month'>): Promise<boolean[]> {
  const rolledUp = new Map<number, boolean>();
  for (const domainId of criteria.domainIds) {
    if (!rolledUp.has(domainId)) rolledUp.set(domainId, await organicKeywordsRolledUp(sql, { domainId, territory: criteria.territory, month: criteria.month }));
  }
  return criteria.domainIds.map((domainId) => rolledUp.get(domainId) === true);
}

/** Per domain, whether its bitmaps and keyword rows are the roll-up's (criteria.rolledUp, defaulting to fromRollup). */
const storedBitmaps = (criteria: KombatCriteria) => criteria.domainIds.map((_id, index) => criteria.rolledUp?.[index] ?? criteria.fromRollup === true);

/** The Venn regions and every segment's count, in one pass over the comparison (one region per row of the answer). */
export async function kombatCounts(sql: Sql, criteria: KombatCriteria, names: readonly string[]): Promise<KombatCounts> {
  // Any rolled-up domain: every count from bitmaps (a giant's stored, the others' made from their ranks).
  const stored = storedBitmaps(criteria);
  const { regions, segments } = stored.some(Boolean) ? await countsFromBits(sql, criteria, stored) : await countsFromRanks(sql, criteria);
  const venn: KombatCounts['venn'] = [];
  for (let mask = 1; mask < 1 << names.length; mask += 1) {
    venn.push({ domains: names.filter((_name, index) => mask & (1 << index)), keywords: regions.get(mask) ?? 0 });
  }
  return { venn, segments };
}

type Counted = { regions: Map<number, number>; segments: Record<OrganicKombatSegment, number> };

async function countsFromRanks(sql: Sql, criteria: KombatCriteria): Promise<Counted> {
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
  return { regions: new Map(regions.map((region) => [region.mask, region.keywords])), segments };
}

/**
 * The same counts from the rolled-up domains' bitmaps (organic_keyword_bits): each Venn region and segment is a bit
 * expression of the domains' bitmaps, counted over their chunks — a few hundred rows per domain, whatever its size.
 */
async function countsFromBits(sql: Sql, criteria: KombatCriteria, stored: readonly boolean[]): Promise<Counted> {
  const ids = criteria.domainIds;
  const indexes = ids.map((_id, index) => index);
  const others = indexes.slice(1);
  const bits = bitsOperands(criteria, stored);
  const sum = (expression: string) => `coalesce(sum(bit_count(${expression})), 0)::int`;
  const regionMasks = Array.from({ length: (1 << ids.length) - 1 }, (_value, index) => index + 1);
  const regionOf = (mask: number) => indexes.map((index) => (mask & (1 << index) ? '' : '~') + bitsOf(index, 'ranked')).join(' & ');
  const segmentSql: Record<OrganicKombatSegment, string> = {
    all: sum(anyOf(indexes, 'ranked')),
    // ranked = the number of domains: none when a domain is named twice (as from the ranks)
    core: new Set(ids).size === ids.length ? sum(indexes.map((index) => bitsOf(index, 'ranked')).join(' & ')) : '0',
    missing: sum(`(${anyOf(others, 'ranked')}) & ~${bitsOf(0, 'ranked')}`),
    questions: sum(anyOf(indexes, 'question')),
    transactional: sum(anyOf(indexes, 'transactional')),
    content: sum(`(${anyOf(others, 'top10')}) & ~${bitsOf(0, 'top10')}`),
  };
  const joined = indexes.map((index) => (index ? `full join kb${index} using (chunk)` : 'kb0')).join(' ');
  const [row] = await sql.query<Record<string, number>>(
    `with ${bits.ctes}
     select ${regionMasks.map((mask) => `${sum(regionOf(mask))} as "r${mask}"`).join(', ')},
       ${Object.entries(segmentSql).map(([name, expression]) => `${expression} as "${name}"`).join(', ')}
     from ${joined}`,
    bits.params,
  );
  const regions = new Map(regionMasks.map((mask) => [mask, row?.[`r${mask}`] ?? 0]));
  const segments = Object.fromEntries(Object.keys(segmentSql).map((name) => [name, row?.[name] ?? 0])) as Record<OrganicKombatSegment, number>;
  return { regions, segments };
}
