import type { KeywordRow, KeywordSortColumn } from '@serpwise/contracts';
import type { Sql } from '../sql.js';
import { trackedKeywordTableOrder, type BuiltQuery, type TableSpec } from '../tables/index.js';
import { domainIdOf, newestMonth, previousMonth } from '../warehouse/lookups.js';

/** A row of the tracked keyword table's base query: the answer's columns, then the three it sorts by and does not answer. */
interface TrackedKeywordSqlRow {
  termId: number | string;
  keyword: string;
  monthlySearches: number | string | null;
  costPerClick: number | string | null;
  rankingDifficulty: number | string | null;
  currentRank: number | null;
  previousRank: number | null;
  rankChange: number | null;
  clickChange: number | string | null;
  groupsCsv: string;
  groupCount: number;
  labelsCsv: string;
  labelCount: number;
  addedAt: Date | string;
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * Text sorts as JavaScript's localeCompare did when this table sorted in memory: ICU's root collation (Node's default
 * en-US has no tailoring of its own), not the database's byte order. Every PostgreSQL built with ICU has it (the
 * embedded one too).
 */
const textOrder = 'collate "und-x-icu"';

/**
 * The projects' keyword table (Keywords/GetKeywordList, docs/product/projects.md §3) on the one research table engine:
 * a project's tracked keywords, of one group or label if asked, with the warehouse numbers of a domain. Keeps what it
 * answered when it sorted in memory: text columns (keyword, groups, labels, date added) start ascending, numbers
 * descending; a direction alone sorts monthly searches; ties go by keyword; the filter is the lowercased text
 * contained in the keyword; groups and labels sort by their comma-joined names, none counting as an empty value;
 * the date added by its millisecond (what the answer shows).
 */
export const trackedKeywordSpec: TableSpec<TrackedKeywordSqlRow, KeywordRow> = {
  sortColumns: {
    keyword: 'keyword',
    monthlySearches: 'monthlySearches',
    costPerClick: 'costPerClick',
    currentRank: 'currentRank',
    rankChange: 'rankChange',
    clickChange: 'clickChange',
    rankingDifficulty: 'rankingDifficulty',
    groups: 'groupsSort',
    labels: 'labelsSort',
    addedAt: 'addedAtSort',
  } satisfies Record<KeywordSortColumn, string>,
  filterColumns: ['keyword'],
  filterMatch: 'lowercase-contains',
  defaultOrder: [{ column: 'monthlySearches', direction: 'desc' }],
  tieBreak: [{ column: 'keyword', direction: 'asc' }],
  unspecified: trackedKeywordTableOrder,
  firstDirections: { keyword: 'asc', groups: 'asc', labels: 'asc', addedAt: 'asc' },
  map: (raw) => ({
    termId: Number(raw.termId),
    keyword: raw.keyword,
    monthlySearches: numberOrNull(raw.monthlySearches),
    costPerClick: numberOrNull(raw.costPerClick),
    rankingDifficulty: numberOrNull(raw.rankingDifficulty),
    currentRank: numberOrNull(raw.currentRank),
    previousRank: numberOrNull(raw.previousRank),
    rankChange: numberOrNull(raw.rankChange),
    clickChange: numberOrNull(raw.clickChange),
    groupsCsv: raw.groupsCsv,
    groupCount: Number(raw.groupCount),
    labelsCsv: raw.labelsCsv,
    labelCount: Number(raw.labelCount),
    addedAt: new Date(raw.addedAt).toISOString(),
  }),
};

export interface TrackedKeywordTableInput {
  projectId: string;
  territory: string;
  /** The domain whose results fill the ranks and clicks. */
  domain: string;
  /** Narrows to one group or label (lowercase hashes, checked to be the project's). */
  groupHash?: string | undefined;
  labelHash?: string | undefined;
  /** Narrows to one of the project's keywords (the keyword-details panel). */
  termId?: number | undefined;
}

/**
 * The base query of the tracked keyword table (trackedKeywordSpec orders, filters and pages it) and the month of its
 * numbers: the territory's newest. A term the warehouse does not know, or any term when the territory has no month,
 * has no numbers (null; its click change too). Ranks and clicks are the domain's, this month and the month before,
 * as trackedKeywordMetrics reads them. Reads through the viewer's Sql, like every warehouse read.
 */
export async function trackedKeywordTable(sql: Sql, input: TrackedKeywordTableInput): Promise<{ query: BuiltQuery; month: string | null }> {
  const [month, domainId] = await Promise.all([newestMonth(sql, input.territory), domainIdOf(sql, input.domain)]);
  const before = month ? previousMonth(month) : null;
  const scope = [input.groupHash ?? null, input.groupHash ?? null, input.labelHash ?? null, input.labelHash ?? null, input.termId ?? null, input.termId ?? null];
  const ranks = (name: string) => `${name} as (select r.keyword_id, min(r.position)::int as position, sum(r.clicks) as clicks from organic_rank r join known on known.id = r.keyword_id
      where r.month = ?::date and r.domain_id = ? and r.territory = ? group by r.keyword_id)`;
  const tables = `with listed as (
      select k.term_id, t.term, k.added_at,
        (select array_agg(g.name order by g.name) from keyword_group_term gt join keyword_group g on g.group_hash = gt.group_hash
         where g.project_id = k.project_id and gt.term_id = k.term_id) as groups,
        (select array_agg(l.name order by l.name) from keyword_label_term lt join keyword_label l on l.label_hash = lt.label_hash
         where l.project_id = k.project_id and lt.term_id = k.term_id) as labels
      from project_keyword k join tracked_term t on t.id = k.term_id
      where k.project_id = ?
        and (?::uuid is null or exists (select 1 from keyword_group_term gt where gt.group_hash = ?::uuid and gt.term_id = k.term_id))
        and (?::uuid is null or exists (select 1 from keyword_label_term lt where lt.label_hash = ?::uuid and lt.term_id = k.term_id))
        and (?::int is null or k.term_id = ?::int)),
    known as (select id, term, volume, cpc, difficulty from keyword where territory = ? and ?::date is not null and term in (select term from listed)),
    ${ranks('cur')},
    ${ranks('prev')}`;
  const params = [
    input.projectId, ...scope,
    input.territory, month,
    month, domainId ?? -1, input.territory,
    before, domainId ?? -1, input.territory,
  ];
  const sqlText = `${tables}
    select l.term_id as "termId", l.term ${textOrder} as "keyword", known.volume as "monthlySearches", known.cpc::float8 as "costPerClick",
      known.difficulty as "rankingDifficulty", cur.position as "currentRank", prev.position as "previousRank",
      prev.position - cur.position as "rankChange",
      case when known.id is not null then coalesce(cur.clicks, 0) - coalesce(prev.clicks, 0) end as "clickChange",
      coalesce(array_to_string(l.groups, ','), '') as "groupsCsv", coalesce(cardinality(l.groups), 0) as "groupCount",
      coalesce(array_to_string(l.labels, ','), '') as "labelsCsv", coalesce(cardinality(l.labels), 0) as "labelCount",
      l.added_at as "addedAt",
      nullif(array_to_string(l.groups, ','), '') ${textOrder} as "groupsSort", nullif(array_to_string(l.labels, ','), '') ${textOrder} as "labelsSort",
      date_trunc('milliseconds', l.added_at) as "addedAtSort"
    from listed l left join known on known.term = l.term left join cur on cur.keyword_id = known.id left join prev on prev.keyword_id = known.id`;
  // Counting needs the project's keywords only: the warehouse's CTEs are not referenced, so PostgreSQL does not run them.
  return { query: { sql: sqlText, countSql: `${tables} select l.term_id from listed l`, params }, month };
}
