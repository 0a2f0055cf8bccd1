import type { ReportSectionId } from '@serpwise/contracts';
import {
  backlinksPage,
  competitorsPage,
  domainIdOf,
  domainOverview,
  keywordComparisonPage,
  kombatCounts,
  pageTable,
  ppcCompetitorsQuery,
  ppcCompetitorsTable,
  ppcKeywordsQuery,
  ppcKeywordsTable,
  ppcOverview,
  researchMonth,
  topPagesPage,
  type BacklinkRow,
  type CompetitorRow,
  type DomainMonthPoint,
  type KeywordComparisonRow,
  type KombatCounts,
  type PpcCompetitorRow,
  type PpcKeywordRow,
  type PpcOverview,
  type Sql,
  type TopPageRow,
} from '@serpwise/research';
import type { ReportPlan, ReportRequest } from './report-request.js';

/** A table of a report: its first rows (the row cap) and how many rows the whole research table has. */
export interface ReportTable<Row> {
  rows: Row[];
  totalRows: number;
}

/**
 * The research data a report prints, gathered once before rendering. Only the datasets of the chosen sections are
 * read; the rest stay undefined. Every table is the research endpoint's own query in its default order, so the rows
 * match what /rest/research/… answers for the same domain, territory and month.
 */
export interface ReportData {
  domain: string;
  territory: string;
  /** The report's month (YYYY-MM-DD): the requested one, else the territory's newest. Null for an empty territory. */
  month: string | null;
  /** The domain's monthly history up to the report's month, oldest first. */
  history: DomainMonthPoint[];
  /** The history point of the report's month (or the newest before it), and the month before that. */
  current: DomainMonthPoint | null;
  previous: DomainMonthPoint | null;
  ppc?: PpcOverview;
  topKeywords?: ReportTable<KeywordComparisonRow>;
  gainedRanks?: ReportTable<KeywordComparisonRow>;
  lostRanks?: ReportTable<KeywordComparisonRow>;
  opportunities?: ReportTable<KeywordComparisonRow>;
  competitors?: ReportTable<CompetitorRow>;
  /** The domain against its two closest organic competitors (fewer when it has fewer). */
  overlap?: { domains: string[]; counts: KombatCounts } | null;
  topPages?: ReportTable<TopPageRow>;
  ppcKeywords?: ReportTable<PpcKeywordRow>;
  ppcCompetitors?: ReportTable<PpcCompetitorRow>;
  backlinks?: ReportTable<BacklinkRow> & { lost: number };
}

/**
 * How many research queries one report runs at once. A report reads up to 20 tables and counts; in parallel they
 * finish in the time of the slowest few, but a report must not take every connection of a shared pool (10 by
 * default) from the pages being browsed meanwhile.
 */
export const reportQueryConcurrency = 4;

/** The Sql port with at most `limit` queries in flight; the rest wait their turn in order. */
export function limitConcurrency(sql: Sql, limit: number): Sql {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return {
    query: async <T extends object>(text: string, params?: readonly unknown[], name?: string) => {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      running += 1;
      try {
        return await sql.query<T>(text, params, name);
      } finally {
        release();
      }
    },
  };
}

/** The report is about a domain the research data does not know (the API answers 404 with the message). */
export class ReportSubjectError extends Error {}

const emptyTable = <Row>(): ReportTable<Row> => ({ rows: [], totalRows: 0 });

/**
 * Reads what the plan's sections need from the warehouse, in parallel. `sql` is the research port (MikroORM's
 * connection in the API and the worker, a pg pool in scripts). Throws ReportSubjectError for an unknown domain.
 */
export async function gatherReportData(research: Sql, request: Pick<ReportRequest, 'subject'>, plan: Pick<ReportPlan, 'sections' | 'rowLimit'>): Promise<ReportData> {
  const sql = limitConcurrency(research, reportQueryConcurrency);
  const { domain, territory } = request.subject;
  const [overview, domainId, month] = await Promise.all([
    domainOverview(sql, { domain, territory }),
    domainIdOf(sql, domain),
    researchMonth(sql, territory, request.subject.month),
  ]);
  if (!overview || domainId === null) throw new ReportSubjectError(`${domain} is not in the research data.`);

  const history = overview.history.filter((point) => month === null || point.month <= month);
  const current = history.at(-1) ?? null;
  const previous = history.at(-2) ?? null;
  const data: ReportData = { domain: overview.domain, territory, month, history, current, previous };
  if (month === null) return data;

  const wants = new Set<ReportSectionId>(plan.sections);
  const page = { startRow: 1, pageSize: plan.rowLimit };
  const subject = { kind: 'domain' as const, domainId };
  const criteria = { domainId, territory, month };
  const comparison = (type: 'all' | 'GainedRanks' | 'LostRanks' | 'almostthere', order: { sort?: string; sortDirection?: 'asc' | 'desc' } = {}) =>
    keywordComparisonPage(sql, { subject, territory, month, type }, order, page) as Promise<ReportTable<KeywordComparisonRow>>;
  const work: Promise<unknown>[] = [];
  const track = (promise: Promise<unknown>) => {
    promise.catch(() => undefined); // a read that fails after another already did must not go unhandled
    work.push(promise);
  };
  const read = <T>(promise: Promise<T>, store: (value: T) => void) => track(promise.then(store));

  if (wants.has('ppc-overview') || wants.has('overview')) read(ppcOverview(sql, { domain, territory }), (value) => (data.ppc = value));
  if (wants.has('top-keywords')) read(comparison('all'), (value) => (data.topKeywords = value));
  if (wants.has('ranking-changes')) {
    read(comparison('GainedRanks'), (value) => (data.gainedRanks = value));
    read(comparison('LostRanks'), (value) => (data.lostRanks = value));
  }
  // Almost there (positions 11–20), most searched first: the keywords closest to paying off.
  if (wants.has('opportunities')) read(comparison('almostthere', { sort: 'volume', sortDirection: 'desc' }), (value) => (data.opportunities = value));
  if (wants.has('competitors') || wants.has('keyword-overlap')) {
    const size = wants.has('competitors') ? plan.rowLimit : 2;
    read(competitorsPage(sql, criteria, {}, { startRow: 1, pageSize: Math.max(size, 2) }), (value) => {
      data.competitors = { rows: value.rows.slice(0, size), totalRows: value.totalRows };
      if (wants.has('keyword-overlap')) read(overlapOf(sql, domain, domainId, value.rows.slice(0, 2), territory, month), (overlap) => (data.overlap = overlap));
    });
  }
  if (wants.has('top-pages')) read(topPagesPage(sql, { ...criteria, type: 'mosttraffic' }, {}, page), (value) => (data.topPages = value));
  if (wants.has('ppc-keywords')) {
    read(pageTable(sql, ppcKeywordsTable('mostsuccessful'), ppcKeywordsQuery({ ...criteria, type: 'mostsuccessful' }), page), (value) => (data.ppcKeywords = value));
  }
  if (wants.has('ppc-competitors')) read(pageTable(sql, ppcCompetitorsTable, ppcCompetitorsQuery(criteria), page), (value) => (data.ppcCompetitors = value));
  if (wants.has('backlinks')) {
    const target = { domainId };
    read(
      Promise.all([backlinksPage(sql, { target, status: 'all' }, {}, page), backlinksPage(sql, { target, status: 'lost' }, {}, { startRow: 1, pageSize: 1 })]),
      ([all, lost]) => (data.backlinks = { ...all, lost: lost.totalRows }),
    );
  }
  // Reads may add reads (the overlap waits for the competitors): settle until nothing is pending.
  for (let settled = 0; settled < work.length; ) {
    const batch = work.slice(settled);
    settled = work.length;
    await Promise.all(batch);
  }
  if (wants.has('keyword-overlap') && data.overlap === undefined) data.overlap = null;
  if (wants.has('competitors')) data.competitors ??= emptyTable();
  return data;
}

async function overlapOf(sql: Sql, domain: string, domainId: number, competitors: CompetitorRow[], territory: string, month: string) {
  if (!competitors.length) return null;
  const names = [domain, ...competitors.map((row) => row.domain)];
  const ids = await Promise.all(competitors.map((row) => domainIdOf(sql, row.domain)));
  const domainIds = [domainId, ...ids.filter((id): id is number => id !== null)];
  if (domainIds.length !== names.length) return null;
  return { domains: names, counts: await kombatCounts(sql, { domainIds, territory, month }, names) };
}
