import type { OrganicSearchType, RankingHistoryType } from '@serpwise/contracts';
import type { Sql } from '../sql.js';
import { orderedTable, pageOf, ResearchQueryError, subjectCondition, volumeAt, type BuiltQuery, type Subject, type TableOrder, type TableSpec } from './table-query.js';
import type { PageRequest } from '@serpwise/contracts';

/**
 * SEO keywords (every organic search type) and ranking history (every ranking-history type) of a domain or URL:
 * month M against the month before (P). Per keyword the subject's best position in each month (a site with two
 * pages for a keyword counts at its best one, clicks summed) — see docs/research-data.md for each type.
 */
export interface KeywordComparisonRow {
  keyword: string;
  url: string | null;
  position: number | null;
  previousPosition: number | null;
  /** previousPosition − position: positive = moved up. Null unless it ranked in both months. */
  positionChange: number | null;
  volume: number;
  cpc: number;
  difficulty: number;
  clicks: number;
  previousClicks: number;
  clicksChange: number;
  value: number;
  competitor: string | null;
  competitorPosition: number | null;
  /** Ranking history only: the subject's best position per month, the 12 months up to M (null = not ranked). */
  history?: { month: string; position: number | null }[];
}

export type ComparisonType = OrganicSearchType | RankingHistoryType | 'all';

const both = 'position is not null and previous_position is not null';
/** Row predicates over (position, previous_position, clicks, previous_clicks, competitor_position, competitor_previous). */
const predicates: Record<ComparisonType, string> = {
  all: 'position is not null',
  almostthere: 'position between 11 and 20',
  gainedclicks: `${both} and clicks > previous_clicks`,
  gainedranks: `${both} and position < previous_position`,
  justfelloff: 'previous_position <= 10 and position > 10',
  justmadeit: 'position <= 10 and (previous_position is null or previous_position > 10)',
  lostclicks: `${both} and clicks < previous_clicks`,
  lostranks: `${both} and position > previous_position`,
  mostvaluable: 'position is not null',
  newlyranked: 'position is not null and previous_position is null',
  pageone: 'position <= 10',
  pastpageone: 'position > 10',
  theyoutrankyou: 'position is not null and competitor_position < position',
  theyjustsurpassedyou: `${both} and competitor_position < position and (competitor_previous is null or competitor_previous > previous_position)`,
  competitorsjustsurpassedyou: `${both} and competitor_position < position and (competitor_previous is null or competitor_previous > previous_position)`,
  MostValuable: 'position is not null',
  FellFromTop10: 'previous_position <= 10 and (position is null or position > 10)',
  MadeTheTop10: 'position <= 10 and (previous_position is null or previous_position > 10)',
  NewKeywords: 'position is not null and previous_position is null',
  NoLongerRanks: 'previous_position is not null and position is null',
  GainedRanks: `${both} and position < previous_position`,
  LostRanks: `${both} and position > previous_position`,
  GainedClicks: `${both} and clicks > previous_clicks`,
  LostClicks: `${both} and clicks < previous_clicks`,
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
  'keyword', 'url', 'position', 'previousPosition', 'positionChange', 'volume', 'cpc', 'difficulty', 'clicks', 'previousClicks',
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
}

export function keywordComparisonSpec(type: ComparisonType): TableSpec {
  const [defaultSort, defaultDirection] = defaultOrder[type] ?? ['clicks', 'desc'];
  return { sortable: keywordComparisonSortable, filterColumns: ['keyword'], defaultSort, defaultDirection, tieBreak: 't."keyword" asc' };
}

export function keywordComparisonQuery(criteria: KeywordComparisonCriteria, order: TableOrder): BuiltQuery {
  const { subject, type } = criteria;
  const isCompetitorType = competitorTypes.includes(type);
  const competitorIds = criteria.competitorIds ?? [];
  if (competitorRequiredTypes.includes(type) && !competitorIds.length) throw new ResearchQueryError(`The search type ${type} needs a competitor domain.`);
  const condition = subjectCondition(subject);
  const params: unknown[] = [criteria.month, criteria.month];
  const parts: string[] = [];
  parts.push(`cur as (select ?::date as m, (?::date - interval '1 month')::date as p)`);
  parts.push(`best as (
    select distinct on (r.month, r.keyword_id) r.month, r.keyword_id, r.position, r.page_id,
      sum(r.clicks) over (partition by r.month, r.keyword_id) as clicks
    from organic_rank r, cur c
    where ${condition.sql} and r.territory = ? and r.month in (c.m, c.p)
    order by r.month, r.keyword_id, r.position)`);
  params.push(...condition.params, criteria.territory);
  parts.push(`cmp as (
    select b.keyword_id,
      min(b.position) filter (where b.month = c.m) as position,
      min(b.position) filter (where b.month = c.p) as previous_position,
      coalesce(sum(b.clicks) filter (where b.month = c.m), 0) as clicks,
      coalesce(sum(b.clicks) filter (where b.month = c.p), 0) as previous_clicks,
      min(b.page_id) filter (where b.month = c.m) as page_id
    from best b, cur c group by b.keyword_id)`);
  if (isCompetitorType) {
    parts.push(`rival as (
      select distinct on (r.month, r.keyword_id) r.month, r.keyword_id, r.position, r.domain_id
      from organic_rank r join cmp on cmp.keyword_id = r.keyword_id, cur c
      where r.month in (c.m, c.p) and r.domain_id <> ?
        and (? = '' or r.domain_id = any(string_to_array(?, ',')::int[]))
      order by r.month, r.keyword_id, r.position)`);
    const list = competitorIds.join(',');
    params.push(subject.domainId, list, list);
  }
  const rivalColumns = isCompetitorType
    ? `(select d.name from rival x join domain d on d.id = x.domain_id where x.keyword_id = cmp.keyword_id and x.month = c.m) as competitor,
       (select x.position from rival x where x.keyword_id = cmp.keyword_id and x.month = c.m) as competitor_position,
       (select x.position from rival x where x.keyword_id = cmp.keyword_id and x.month = c.p) as competitor_previous`
    : 'null::text as competitor, null::int as competitor_position, null::int as competitor_previous';
  const historyColumn = criteria.withHistory
    ? `, (select json_agg(json_build_object('month', to_char(g.month, 'YYYY-MM'), 'position',
          (select min(h.position) from organic_rank h where h.month = g.month::date and h.keyword_id = cmp.keyword_id and ${subjectCondition(subject, 'h').sql}))
          order by g.month)
        from generate_series(c.m - interval '11 months', c.m, interval '1 month') g(month)) as history`
    : '';
  if (criteria.withHistory) params.push(...subjectCondition(subject, 'h').params);
  const sql = `with ${parts.join(',\n')}
    select k.term as "keyword", pg.url as "url", x.position::int as "position", x.previous_position::int as "previousPosition",
      (x.previous_position - x.position)::int as "positionChange", x.volume::int as "volume", x.cpc::float8 as "cpc",
      x.difficulty::int as "difficulty", x.clicks::int as "clicks", x.previous_clicks::int as "previousClicks",
      (x.clicks - x.previous_clicks)::int as "clicksChange", round(x.clicks * x.cpc, 2)::float8 as "value",
      x.competitor as "competitor", x.competitor_position::int as "competitorPosition"${criteria.withHistory ? ', x.history as "history"' : ''}
    from (
      select cmp.*, k.cpc, k.difficulty, ${volumeAt('k', 'c.m')} as volume, ${rivalColumns}${historyColumn}
      from cmp join keyword k on k.id = cmp.keyword_id, cur c
    ) x
    join keyword k on k.id = x.keyword_id
    left join page pg on pg.id = x.page_id
    where ${predicates[type]}`;
  return orderedTable({ sql, params }, keywordComparisonSpec(type), order);
}

export const keywordComparisonPage = (sql: Sql, criteria: KeywordComparisonCriteria, order: TableOrder, page: PageRequest) =>
  pageOf<KeywordComparisonRow>(sql, keywordComparisonQuery(criteria, order), page);
