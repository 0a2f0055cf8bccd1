import type { OrganicSearchType, RankingHistoryType } from '@serpwise/contracts';
import { previousMonth, windowMonths } from '../warehouse/lookups.js';
import { pageColumnsStep } from './comparison-page-columns.js';
import { readFromMonthRollup, type TopIds } from '../tables/month-rollup-read.js';
import { organicKeywordChanges, type OrganicKeywordChange } from '../warehouse/organic-rollup.js';
import type { RivalSource } from '../warehouse/rival-rollup.js';
import { rivalKeywordsFromRollup } from './rival-keywords.js';
import type { KeywordComparisonRow } from '@serpwise/contracts';
import { arrayLiteral, type BuiltQuery, orderedTable, rowSourceColumn, rowSourceOf, ResearchQueryError, seoTableOrder, sortableAsNamed, type Subject, subjectCondition, type TableOrder, type TableSpec, volumeAt } from '../tables/index.js';
export type { KeywordComparisonRow };

export type ComparisonType = OrganicSearchType | RankingHistoryType | 'all';

const both = 'cmp.position is not null and cmp.previous_position is not null';
/** Row predicates over the subject's months (cmp) and the best competitor in M (rn) and P (rp). */
const predicates: Record<ComparisonType, string> = {
  all: 'cmp.position is not null',
  almostthere: 'cmp.position between 11 and 20',
  gainedclicks: `${both} and cmp.clicks > cmp.previous_clicks`,
  gainedranks: `${both} and cmp.position < cmp.previous_position`,
  justfelloff: 'cmp.previous_position <= 10 and cmp.position > 10',
  justmadeit: 'cmp.position <= 10 and (cmp.previous_position is null or cmp.previous_position > 10)',
  lostclicks: `${both} and cmp.clicks < cmp.previous_clicks`,
  lostranks: `${both} and cmp.position > cmp.previous_position`,
  mostvaluable: 'cmp.position is not null',
  newlyranked: 'cmp.position is not null and cmp.previous_position is null',
  pageone: 'cmp.position <= 10',
  pastpageone: 'cmp.position > 10',
  theyoutrankyou: 'cmp.position is not null and rn.position < cmp.position',
  theyjustsurpassedyou: `${both} and rn.position < cmp.position and (rp.position is null or rp.position > cmp.previous_position)`,
  competitorsjustsurpassedyou: `${both} and rn.position < cmp.position and (rp.position is null or rp.position > cmp.previous_position)`,
  MostValuable: 'cmp.position is not null',
  FellFromTop10: 'cmp.previous_position <= 10 and (cmp.position is null or cmp.position > 10)',
  MadeTheTop10: 'cmp.position <= 10 and (cmp.previous_position is null or cmp.previous_position > 10)',
  NewKeywords: 'cmp.position is not null and cmp.previous_position is null',
  NoLongerRanks: 'cmp.previous_position is not null and cmp.position is null',
  GainedRanks: `${both} and cmp.position < cmp.previous_position`,
  LostRanks: `${both} and cmp.position > cmp.previous_position`,
  GainedClicks: `${both} and cmp.clicks > cmp.previous_clicks`,
  LostClicks: `${both} and cmp.clicks < cmp.previous_clicks`,
};

const defaultOrder: Partial<Record<ComparisonType, [string, 'asc' | 'desc']>> = {
  almostthere: ['position', 'asc'],
  gainedclicks: ['clicksChange', 'desc'],
  GainedClicks: ['clicksChange', 'desc'],
  lostclicks: ['clicksChange', 'asc'],
  LostClicks: ['clicksChange', 'asc'],
  gainedranks: ['positionChange', 'desc'],
  GainedRanks: ['positionChange', 'desc'],
  lostranks: ['positionChange', 'asc'],
  LostRanks: ['positionChange', 'asc'],
  mostvaluable: ['value', 'desc'],
  MostValuable: ['value', 'desc'],
  NoLongerRanks: ['previousClicks', 'desc'],
  FellFromTop10: ['previousClicks', 'desc'],
};

/** Types comparing against other domains; the first two need the competitor list. */
export const competitorTypes: readonly ComparisonType[] = ['theyoutrankyou', 'theyjustsurpassedyou', 'competitorsjustsurpassedyou'];
export const competitorRequiredTypes: readonly ComparisonType[] = ['theyoutrankyou', 'theyjustsurpassedyou'];

export const keywordComparisonSortable = [
  'keyword', 'url', 'position', 'previousPosition', 'positionChange', 'volume', 'cpc', 'difficulty', 'clicks', 'impressions', 'ctr', 'previousClicks',
  'clicksChange', 'value', 'competitor', 'competitorPosition',
] as const;

export interface KeywordComparisonCriteria {
  subject: Subject;
  territory: string;
  /** First day of month M (YYYY-MM-DD). */
  month: string;
  type: ComparisonType;
  /** Competitor domain ids (competitor types). Empty = any other domain (competitorsjustsurpassedyou only). */
  competitorIds?: readonly number[];
  /** Adds the 12-month position history column (ranking history). */
  withHistory?: boolean;
  /** Read the page and count from the precomputed keywords (organicKeywordsRolledUp said the viewer may). */
  fromRollup?: boolean;
  /** The viewer's keyword numbers are the installation's (viewerFiguresShared): the volume and value orders may read the roll-up too. */
  rollupFigures?: boolean;
  /** The rolled-up month has its month-over-month keys (organicChangesRolledUp): the change types may read them too. */
  rollupChanges?: boolean;
  /** The competitor types with named competitors: where their keywords are found (rivalSourceOf said the viewer may). */
  rivals?: RivalSource;
}

export function keywordComparisonSpec(type: ComparisonType): TableSpec {
  const [defaultSort, defaultDirection] = defaultOrder[type] ?? ['clicks', 'desc'];
  return {
    sortColumns: sortableAsNamed(keywordComparisonSortable),
    filterColumns: ['keyword'],
    defaultOrder: [{ column: defaultSort, direction: defaultDirection }],
    tieBreak: [{ column: 'keyword', direction: 'asc' }],
    unspecified: seoTableOrder,
  };
}

/**
 * The rows of a large domain's month that the roll-up holds (warehouse/organic-rollup.ts), per type: the
 * keywords it ranks for in M, or those of them it did not rank for in P; and their stored count.
 */
const rolledUpRows: Partial<Record<ComparisonType, { where: string; count: 'keywords' | 'newly_ranked'; byFigures: boolean }>> = {
  all: { where: '', count: 'keywords', byFigures: true },
  mostvaluable: { where: '', count: 'keywords', byFigures: true },
  MostValuable: { where: '', count: 'keywords', byFigures: true },
  // newly ranked keywords have a clicks index of their own only (in volume order they would be sought among all)
  newlyranked: { where: 'and k.newly_ranked', count: 'newly_ranked', byFigures: false },
  NewKeywords: { where: 'and k.newly_ranked', count: 'newly_ranked', byFigures: false },
};

/** The change types whose rows are keywords ranked in M, by their count name in the roll-up (organicKeywordChanges). */
const changeTypes: Partial<Record<ComparisonType, OrganicKeywordChange>> = {
  almostthere: 'almostthere', pageone: 'pageone', pastpageone: 'pastpageone',
  gainedranks: 'gainedranks', GainedRanks: 'gainedranks', lostranks: 'lostranks', LostRanks: 'lostranks',
  gainedclicks: 'gainedclicks', GainedClicks: 'gainedclicks', lostclicks: 'lostclicks', LostClicks: 'lostclicks',
  justmadeit: 'justmadeit', MadeTheTop10: 'justmadeit', justfelloff: 'justfelloff',
};

/** Output columns the roll-up stores as the table computes them (for the change types' rows: keywords ranked in M). */
const changeKeys = {
  clicks: 'clicks', position: 'position', previousPosition: 'previous_position', positionChange: 'position_change',
  previousClicks: 'previous_clicks', clicksChange: 'clicks_change',
};

export function keywordComparisonQuery(criteria: KeywordComparisonCriteria, order: TableOrder): BuiltQuery {
  const query = orderedTable(comparisonBase(criteria, order), keywordComparisonSpec(criteria.type), order);
  if (!criteria.fromRollup || criteria.subject.kind !== 'domain' || order.filter?.trim()) return query;
  // A large domain's month, unfiltered, and this viewer sees installation data only.
  const key: [number, string, string] = [criteria.subject.domainId, criteria.territory, criteria.month];
  const change = changeTypes[criteria.type];
  if (competitorTypes.includes(criteria.type) && criteria.rivals && criteria.rollupChanges && criteria.competitorIds?.length) {
    return rivalKeywordsFromRollup(query, {
      subjectId: criteria.subject.domainId, territory: criteria.territory, month: criteria.month, competitorIds: criteria.competitorIds,
      justSurpassed: criteria.type !== 'theyoutrankyou', source: criteria.rivals,
    }, (top) => orderedTable(comparisonBase(criteria, order, top), keywordComparisonSpec(criteria.type), order));
  }
  if (change && criteria.rollupChanges) {
    // The type's rows are the rolled-up keywords its predicate selects; its default order's key has a partial index.
    return readFromMonthRollup(
      query,
      {
        key, totalSql: `select (change_counts->>'${change}')::int as total from organic_rollup_month where domain_id = ? and territory = ? and month = ?::date`,
        table: 'organic_keyword_month', idColumn: 'keyword_id', where: `and ${organicKeywordChanges[change].where}`,
        keys: criteria.rollupFigures ? { ...changeKeys, volume: 'volume', value: 'value' } : changeKeys, tieBreak: { column: 'keyword', stored: 'term' },
      },
      (top) => orderedTable(comparisonBase(criteria, order, top), keywordComparisonSpec(criteria.type), order),
    );
  }
  if (criteria.type === 'FellFromTop10' && criteria.rollupChanges) return fellFromTop10FromRollup(criteria, order, query, key);
  if (criteria.type === 'NoLongerRanks' && criteria.rollupChanges) return noLongerRanksFromRollup(criteria, order, query, key);
  const rolled = rolledUpRows[criteria.type];
  if (!rolled) return query;
  return readFromMonthRollup(
    query,
    {
      key, totalSql: `select ${rolled.count} as total from organic_rollup_month where domain_id = ? and territory = ? and month = ?::date`,
      table: 'organic_keyword_month', idColumn: 'keyword_id', where: rolled.where,
      keys: rolled.byFigures && criteria.rollupFigures ? { clicks: 'clicks', volume: 'volume', value: 'value' } : { clicks: 'clicks' },
    },
    (top) => orderedTable(comparisonBase(criteria, order, top), keywordComparisonSpec(criteria.type), order),
  );
}

/** The types whose rows are keywords ranked in P (FellFromTop10: in its top 10) and not in M (or not in M's top 10). */
export const droppedTypes: readonly ComparisonType[] = ['FellFromTop10', 'NoLongerRanks'];

/**
 * NoLongerRanks of a rolled-up domain-month whose month before is rolled up too: its rows are P's rolled-up keywords
 * (their clicks and position there are the table's previousClicks and previousPosition) that M's rows do not hold.
 * Walks P's rows in its plain clicks index (no term: ties in clicks are carried) probing M's by primary key; the count
 * is P's less the keywords that stayed (M's keywords ranked in P: keywords − newly ranked). A walk whose count is 0 is
 * not started (the filter on literal ids is evaluated once). FellFromTop10 has walks of its own (fellFromTop10FromRollup).
 */
function noLongerRanksFromRollup(criteria: KeywordComparisonCriteria, order: TableOrder, query: BuiltQuery, key: [number, string, string]): BuiltQuery {
  const previous = previousMonth(criteria.month);
  const counted = `select p.keywords - (m.keywords - m.newly_ranked) as total from organic_rollup_month m
    join organic_rollup_month p on (p.domain_id, p.territory, p.month) = (m.domain_id, m.territory, (m.month - interval '1 month')::date)
    where m.domain_id = ? and m.territory = ? and m.month = ?::date`;
  const [domainId, territory, month] = key;
  // Literal values (a number, a territory code and a date the request validated), so the filter is a one-time one.
  const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const someRows = `(${counted.replace('m.domain_id = ?', `m.domain_id = ${Number(domainId)}`).replace('m.territory = ?', `m.territory = ${literal(territory)}`).replace('m.month = ?::date', `m.month = ${literal(month)}::date`)}) > 0`;
  const inM = `select 1 from organic_keyword_month m where m.domain_id = k.domain_id and m.territory = k.territory
    and m.month = (k.month + interval '1 month')::date and m.keyword_id = k.keyword_id`;
  return readFromMonthRollup(
    query,
    {
      key: [domainId, territory, previous], totalSql: counted, totalParams: key, table: 'organic_keyword_month', idColumn: 'keyword_id',
      where: `and not exists (${inM}) and ${someRows}`,
      keys: { previousClicks: 'clicks', previousPosition: 'position' },
    },
    (top) => orderedTable(comparisonBase(criteria, order, top), keywordComparisonSpec(criteria.type), order),
  );
}

/**
 * FellFromTop10 of a rolled-up domain-month whose month before is rolled up too. Its rows are P's top-10 keywords that
 * M ranks below 10 (M's rows: previous position ≤ 10, position > 10) or not at all (P's rows M has none of), in
 * previousClicks order. P's top 10 walked alone probes M for every keyword that stayed — a strong domain keeps its best
 * keywords, so those that fell come late (~350,000 probes for the giant). So two walks, each stopping after K: M's rows
 * that fell, in their own index by previous clicks then term (Migration20261210000100_fell_from_top10), and P's top-10
 * rows not ranked in M (P's pageone index, probing M by primary key: OFFSET 0 keeps the probe a filter of the walk, which
 * PostgreSQL otherwise planned as a parallel scan and sort even when the gate is shut) — started only when some exist: P's top 10 less
 * M's keywords ranked in P's top 10 (stayedtop10 + justfelloff); merged into the K first. The count: P's top 10 less
 * those that stayed. Other orders read the count only (the page from the ranks).
 */
function fellFromTop10FromRollup(criteria: KeywordComparisonCriteria, order: TableOrder, query: BuiltQuery, key: [number, string, string]): BuiltQuery {
  const [domainId, territory, month] = key;
  const previous = previousMonth(month);
  const counted: BuiltQuery = {
    ...query,
    totalSql: `select (p.change_counts->>'pageone')::int - (m.change_counts->>'stayedtop10')::int as total from organic_rollup_month m
      join organic_rollup_month p on (p.domain_id, p.territory, p.month) = (m.domain_id, m.territory, (m.month - interval '1 month')::date)
      where m.domain_id = ? and m.territory = ? and m.month = ?::date`,
    totalParams: key,
  };
  const [leading, second, ...rest] = query.keyset?.keys ?? [];
  if (leading?.column !== 'previousClicks' || second?.column !== 'keyword' || second.direction !== 'asc' || rest.length) return counted;
  const direction = `${leading.direction} nulls ${leading.nulls}`;
  // Literal values (a number, a territory code and dates the request validated), so the gate is a one-time filter.
  const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const notRankedInM = `(select (p.change_counts->>'pageone')::int - (m.change_counts->>'stayedtop10')::int - (m.change_counts->>'justfelloff')::int
    from organic_rollup_month m join organic_rollup_month p on (p.domain_id, p.territory, p.month) = (m.domain_id, m.territory, ${literal(previous)}::date)
    where m.domain_id = ${Number(domainId)} and m.territory = ${literal(territory)} and m.month = ${literal(month)}::date) > 0`;
  return {
    ...counted,
    pageSql: ({ limit, offset }) => {
      const page = orderedTable(comparisonBase(criteria, order, {
        sql: `top as (select keyword_id from (
            (select k.keyword_id, k.previous_clicks as clicks, k.term from organic_keyword_month k
              where k.domain_id = ? and k.territory = ? and k.month = ?::date and ${organicKeywordChanges.justfelloff.where}
              order by k.previous_clicks ${direction}, k.term limit ?::bigint)
            union all
            (select k.keyword_id, k.clicks, k.term from organic_keyword_month k
              where k.domain_id = ? and k.territory = ? and k.month = ?::date and k.position <= 10 and ${notRankedInM}
                and not exists (select 1 from organic_keyword_month m where (m.domain_id, m.territory, m.month, m.keyword_id) = (k.domain_id, k.territory, ?::date, k.keyword_id) offset 0)
              order by k.clicks ${direction}, k.term limit ?::bigint)) fell
          order by clicks ${direction}, term fetch first (?::bigint) rows only)`,
        params: [domainId, territory, month, offset + limit, domainId, territory, previous, month, offset + limit, offset + limit],
      }), keywordComparisonSpec(criteria.type), order);
      return { sql: `${page.sql} limit ${limit} offset ${offset}`, params: page.params };
    },
  };
}

/** The comparison's base statement; with `top` (a CTE named top of keyword ids), for those keywords only. */
function comparisonBase(criteria: KeywordComparisonCriteria, order: TableOrder, top?: TopIds): BuiltQuery {
  const { subject, type } = criteria;
  const isCompetitorType = competitorTypes.includes(type);
  const competitorIds = criteria.competitorIds ?? [];
  if (competitorRequiredTypes.includes(type) && !competitorIds.length) throw new ResearchQueryError(`The search type ${type} needs a competitor domain.`);
  const condition = subjectCondition(subject);
  const params: unknown[] = [...(top?.params ?? []), criteria.month, criteria.month];
  const parts: string[] = top ? [top.sql] : [];
  parts.push(`cur as (select ?::date as m, (?::date - interval '1 month')::date as p)`);
  // The subject's months per keyword in one grouping: best position and clicks of M and of P, and the page of M's
  // best result (lowest position; the lowest page id among results at the same position).
  parts.push(`cmp as (
    select r.keyword_id,
      min(r.position) filter (where r.month = c.m) as position,
      min(r.position) filter (where r.month = c.p) as previous_position,
      -- not ranked that month: no clicks (0); ranked with clicks nobody knows (unknown volume): null
      case when bool_or(r.month = c.m) then sum(r.clicks) filter (where r.month = c.m) else 0 end as clicks,
      case when bool_or(r.month = c.p) then sum(r.clicks) filter (where r.month = c.p) else 0 end as previous_clicks,
      -- reported by Search Console only: null (unknown) otherwise
      sum(r.impressions) filter (where r.month = c.m) as impressions,
      (min(array[r.position, r.page_id]) filter (where r.month = c.m))[2] as page_id,
      -- the row's sources: every rank row of the subject behind its figures, both months (row-source.ts)
      array_agg(distinct r.source_id) as sources
    from organic_rank r cross join cur c
    where ${condition.sql} and r.territory = ? and r.month in (?::date, ?::date)${top ? ' and r.keyword_id = any(array(select keyword_id from top))' : ''}
    group by r.keyword_id)`);
  // Months are passed as values (not read from cur) so PostgreSQL prunes the organic_rank partitions.
  const previous = previousMonth(criteria.month);
  params.push(...condition.params, criteria.territory, criteria.month, previous);
  if (isCompetitorType) {
    // The best result above the subject per keyword and month. Named competitors: their rows of the territory (an
    // organic_rank row's territory is its keyword's), read through the domain index (domain_id, territory, month)
    // instead of their rows of every territory. Any other domain: every row of the subject's keywords, through the
    // primary key (keyword ids as an array) — with the join alone PostgreSQL plans to scan both months, at an
    // estimated cost over its JIT threshold, and compiling it took longer than the query.
    const rivals = competitorIds.length
      ? { sql: 'and r.territory = ? and r.domain_id = any(?::int[])', params: [criteria.territory, arrayLiteral(competitorIds)] }
      : { sql: 'and r.keyword_id = any(array(select keyword_id from cmp))', params: [] };
    parts.push(`rival as (
      select distinct on (r.month, r.keyword_id) r.month, r.keyword_id, r.position, r.domain_id
      from organic_rank r join cmp on cmp.keyword_id = r.keyword_id
      where r.month in (?::date, ?::date) and r.domain_id <> ? ${rivals.sql}
        -- only results above the subject in that month matter to every competitor type
        and r.position < case when r.month = ?::date then cmp.position else cmp.previous_position end
      order by r.month, r.keyword_id, r.position)`);
    params.push(criteria.month, previous, subject.domainId, ...rivals.params, criteria.month);
  }
  // The ranking history of every keyword, for the export's statement (`whole`): the subject's best position per
  // keyword in each of the 12 months, one grouping over its rows of the window (positionHistories' figures, read once
  // for the table instead of once per batch). Listed in every variant so all of them take the same params: PostgreSQL
  // does not plan a WITH query nothing reads, so the page and count statements pay nothing for it.
  // The cell is text in its file form, the JSON.stringify of the page's history (`[{"month":"…","position":3},…]`):
  // the export copies it as it comes instead of parsing and writing again 12 months a row (issue 27 point 4).
  const historyMonths = criteria.withHistory ? windowMonths(criteria.month, 12) : [];
  if (criteria.withHistory) {
    const history = subjectCondition(subject, 'h');
    const entries = historyMonths.map(() => `'{"month":"' || ?::text || '","position":' || coalesce((min(h.position) filter (where h.month = ?::date))::int::text, 'null') || '}'`);
    parts.push(`history as (
    select h.keyword_id, '[' || ${entries.join(" || ',' || ")} || ']' as history
    from organic_rank h
    where ${history.sql} and h.territory = ? and h.month = any(?::date[])
    group by h.keyword_id)`);
    params.push(...historyMonths.flatMap((month) => [month.slice(0, 7), month]), ...history.params, criteria.territory, arrayLiteral(historyMonths));
  }
  // A keyword the subject has no row of in the window (none: its rows of M or P are in it) still gets its 12 months.
  const noHistory = JSON.stringify(historyMonths.map((month) => ({ month: month.slice(0, 7), position: null })));
  // The URL is joined here only when the table is sorted by it; otherwise the decorate step adds it to a page's rows.
  const urlInSql = order.sort === 'url';
  const select = (withUrl: boolean, counting = false, withHistory = false) => `with ${parts.join(',\n')}
    select k.term as "keyword", ${withUrl ? 'pg.url' : 'null::text'} as "url", cmp.position::int as "position", cmp.previous_position::int as "previousPosition",
      (cmp.previous_position - cmp.position)::int as "positionChange", ${volumeAt('k', 'c.m')}::int as "volume", k.cpc::float8 as "cpc",
      k.difficulty::int as "difficulty", cmp.clicks::int as "clicks", cmp.impressions::int as "impressions",
      round(100.0 * cmp.clicks / nullif(cmp.impressions, 0), 2)::float8 as "ctr", cmp.previous_clicks::int as "previousClicks",
      (cmp.clicks - cmp.previous_clicks)::int as "clicksChange", round(cmp.clicks * k.cpc, 2)::float8 as "value",
      ${isCompetitorType ? 'rd.name' : 'null::text'} as "competitor", ${isCompetitorType ? 'rn.position::int' : 'null::int'} as "competitorPosition",
      ${counting ? `null::smallint[] as "${rowSourceColumn}"` : rowSourceOf('cmp.sources')}
      ${withHistory ? `, coalesce(hy.history, '${noHistory}'::text) as "history"` : ''}
    from cmp join keyword k on k.id = cmp.keyword_id cross join cur c
    ${withUrl ? 'left join page pg on pg.id = cmp.page_id' : ''}
    ${withHistory ? 'left join history hy on hy.keyword_id = cmp.keyword_id' : ''}
    ${isCompetitorType ? `left join rival rn on rn.keyword_id = cmp.keyword_id and rn.month = c.m
    left join rival rp on rp.keyword_id = cmp.keyword_id and rp.month = c.p
    left join domain rd on rd.id = rn.domain_id` : ''}
    where ${predicates[type]}`;
  const decorate = pageColumnsStep(criteria, { url: !urlInSql, history: criteria.withHistory === true });
  // An export reads every row: the page columns computed in its one statement (`whole`), in decorate's order (the
  // URL where the SQL names it, the history last).
  const whole = decorate ? { whole: { sql: select(true, false, criteria.withHistory === true), params } } : {};
  return { sql: select(urlInSql), countSql: select(false, true), params, ...(decorate ? { decorate } : {}), ...whole };
}

