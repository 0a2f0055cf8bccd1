import { isProjectReportSection, type KeywordRow, type ReportSectionId, type ResearchTableId } from '@serpwise/contracts';
import {
  domainIdOf,
  previousMonth,
  projectGroupTerms,
  trackedKeywordMetrics,
  trackedKeywordsOfProject,
  weeklyRanks,
  type WeeklyRank,
  domainOverview,
  kombatCounts,
  kombatDomainsRolledUp,
  ppcOverview,
  researchMonth,
  researchTableRows,
  type BacklinkRow,
  type CompetitorRow,
  type DomainMonthPoint,
  type KeywordComparisonRow,
  type KombatCounts,
  type PpcCompetitorRow,
  type PpcKeywordRow,
  type PpcOverview,
  type ResearchTableInput,
  type Sql,
  type TopPageRow,
} from '@serpwise/research';
import type { ReportPlan, ReportRequest } from './report-request.js';

/** The report is about a domain the research data does not know (the API answers 404 with the message). */
export class ReportSubjectError extends Error {}

/** A table of a report: its first rows (the row cap) and how many rows the whole research table has. */
export interface ReportTable<Row> {
  rows: Row[];
  totalRows: number;
}

/**
 * The research data a report prints, gathered once before rendering. Only the datasets of the chosen sections are
 * read; the rest stay undefined. Every table is an entry of the research table catalogue (researchTables), prepared
 * as its endpoint and an export prepare it, in its default order with the row cap as the page size: the rows are the
 * first page of what /rest/research/… answers for the same domain, territory and month.
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
  /** The project's tracked keywords (of one group when the report is a group's); only with a project section. */
  project?: ProjectReportData;
}

/** A tracked keyword as the project sections print it: its GetKeywordList row, its estimated clicks and its week. */
export interface TrackedKeywordLine {
  row: KeywordRow;
  /** The domain's estimated organic clicks this month; null when the warehouse does not know the keyword. */
  clicks: number | null;
  /** The week's positions from the day-level results; null when the keyword was not observed lately. */
  week: WeeklyRank | null;
}

/** A group of the project as the groups section prints it: the sums GetGroups answers, plus where its keywords rank. */
export interface ProjectGroupLine {
  name: string;
  numberOfKeywords: number;
  rankChange: number;
  clickChange: number;
  /** How many of its keywords rank in the top 10 this month. */
  top10: number;
  /** Mean position of its ranking keywords; null when none ranks. */
  averagePosition: number | null;
}

export interface ProjectReportData {
  name: string;
  /** The group the report is about, or null for the whole project. */
  groupName: string | null;
  domain: string;
  /** The warehouse month of the numbers and the month changes compare with (YYYY-MM-DD). */
  month: string | null;
  comparedTo: string | null;
  /** Every tracked keyword, most searched first (GetKeywordList's default order). */
  keywords: TrackedKeywordLine[];
  /** The project's groups (none in a group's report). */
  groups: ProjectGroupLine[];
  /** The domain's closest organic competitors with the same keywords' rows for their domain (competitor comparison). */
  competitors: { domain: string; keywords: KeywordRow[] }[];
}

/** The project a report names is not (any more) one of the account's. */
export class ReportProjectError extends ReportSubjectError {}

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


/** What a report sets of every catalogue table's request. */
type ReportTableRequest = { countryCode: string; month: string; startRow: number; pageSize: number };

const emptyTable = <Row>(): ReportTable<Row> => ({ rows: [], totalRows: 0 });

/**
 * Reads what the plan's sections need from the warehouse, in parallel. `sql` is the research port (MikroORM's
 * connection in the API and the worker, a pg pool in scripts). Throws ReportSubjectError for an unknown domain.
 */
export async function gatherReportData(
  research: Sql,
  request: Pick<ReportRequest, 'subject' | 'project'>,
  plan: Pick<ReportPlan, 'sections' | 'rowLimit'>,
  /** Told after each table read: how many have finished of the reads known so far (the report job's progress by section). */
  onRead?: (finished: number, inAll: number) => void,
): Promise<ReportData> {
  const sql = limitConcurrency(research, reportQueryConcurrency);
  const { domain, territory } = request.subject;
  const [overview, domainId, month] = await Promise.all([
    domainOverview(sql, { domain, territory }),
    domainIdOf(sql, domain),
    researchMonth(sql, territory, request.subject.month),
  ]);
  // A project's report prints its tracked keywords even when the research data does not know its site yet.
  if ((!overview || domainId === null) && !request.project) throw new ReportSubjectError(`${domain} is not in the research data.`);

  const history = (overview?.history ?? []).filter((point) => month === null || point.month <= month);
  const current = history.at(-1) ?? null;
  const previous = history.at(-2) ?? null;
  const data: ReportData = { domain: overview?.domain ?? domain, territory, month, history, current, previous };
  const wants = new Set<ReportSectionId>(plan.sections);
  if (request.project && plan.sections.some(isProjectReportSection)) {
    const competitorsOf =
      wants.has('competitor-comparison') && month !== null && domainId !== null
        ? (size: number) => researchTableRows<CompetitorRow, 'seo/competitors'>(sql, 'seo/competitors', { domain, countryCode: territory, month: month.slice(0, 7), startRow: 1, pageSize: size })
        : null;
    data.project = await projectReportData(sql, request.project, competitorsOf);
  }
  if (month === null || domainId === null) return data;

  // The catalogue entry's request: the report's territory and month, the row cap as the page size.
  const table = <Row extends object, Id extends ResearchTableId>(id: Id, fields: Omit<ResearchTableInput<Id>, keyof ReportTableRequest>, pageSize = plan.rowLimit) => {
    const request: ReportTableRequest = { countryCode: territory, month: month.slice(0, 7), startRow: 1, pageSize };
    return researchTableRows<Row, Id>(sql, id, { ...fields, ...request } as ResearchTableInput<Id>);
  };
  // GainedRanks / LostRanks of the ranking history are the same rows as gainedranks / lostranks of SEO keywords.
  const comparison = (type: 'all' | 'gainedranks' | 'lostranks' | 'almostthere', order: { sort?: string; sortDirection?: 'asc' | 'desc' } = {}) =>
    table<KeywordComparisonRow, 'seo/keywords'>('seo/keywords', { domain, ...(type === 'all' ? {} : { type }), ...order });
  const work: Promise<unknown>[] = [];
  let finished = 0;
  const track = (promise: Promise<unknown>) => {
    promise.catch(() => undefined); // a read that fails after another already did must not go unhandled
    work.push(promise);
    promise.then(() => onRead?.((finished += 1), work.length), () => undefined);
  };
  const read = <T>(promise: Promise<T>, store: (value: T) => void) => track(promise.then(store));

  if (wants.has('ppc-overview') || wants.has('overview')) read(ppcOverview(sql, { domain, territory }), (value) => (data.ppc = value));
  if (wants.has('top-keywords')) read(comparison('all'), (value) => (data.topKeywords = value));
  if (wants.has('ranking-changes')) {
    read(comparison('gainedranks'), (value) => (data.gainedRanks = value));
    read(comparison('lostranks'), (value) => (data.lostRanks = value));
  }
  // Almost there (positions 11–20), most searched first: the keywords closest to paying off.
  if (wants.has('opportunities')) read(comparison('almostthere', { sort: 'volume', sortDirection: 'desc' }), (value) => (data.opportunities = value));
  if (wants.has('competitors') || wants.has('keyword-overlap')) {
    const size = wants.has('competitors') ? plan.rowLimit : 2;
    read(table<CompetitorRow, 'seo/competitors'>('seo/competitors', { domain }, Math.max(size, 2)), (value) => {
      data.competitors = { rows: value.rows.slice(0, size), totalRows: value.totalRows };
      if (wants.has('keyword-overlap')) read(overlapOf(sql, domain, domainId, value.rows.slice(0, 2), territory, month), (overlap) => (data.overlap = overlap));
    });
  }
  if (wants.has('top-pages')) read(table<TopPageRow, 'seo/top-pages'>('seo/top-pages', { domain, type: 'mosttraffic' }), (value) => (data.topPages = value));
  if (wants.has('ppc-keywords')) read(table<PpcKeywordRow, 'ppc/keywords'>('ppc/keywords', { query: domain, type: 'mostsuccessful' }), (value) => (data.ppcKeywords = value));
  if (wants.has('ppc-competitors')) read(table<PpcCompetitorRow, 'ppc/competitors'>('ppc/competitors', { query: domain }), (value) => (data.ppcCompetitors = value));
  if (wants.has('backlinks')) {
    read(
      Promise.all([
        table<BacklinkRow, 'seo/backlinks'>('seo/backlinks', { domain, status: 'all' }),
        table<BacklinkRow, 'seo/backlinks'>('seo/backlinks', { domain, status: 'lost' }, 1),
      ]),
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

/** How many competitors the comparison puts beside the project's domain. */
export const comparedCompetitors = 3;

/**
 * The project sections' data: the project (checked to be the owner's), its tracked keywords (of the group) as
 * GetKeywordList answers them, their estimated clicks and week, the groups' sums, and for the comparison the same
 * keywords' rows for the domain's closest organic competitors.
 */
async function projectReportData(
  sql: Sql,
  subject: NonNullable<ReportRequest['project']>,
  competitorsOf: ((size: number) => Promise<ReportTable<CompetitorRow>>) | null,
): Promise<ProjectReportData> {
  const [project] = await sql.query<{ name: string; domain: string; territory: string }>(
    'select name, domain, territory from project where id = ? and owner_user_id = ?',
    [subject.projectId, subject.ownerUserId],
  );
  if (!project) throw new ReportProjectError('The project of this report is no longer there.');
  let groupName: string | null = null;
  if (subject.groupHash) {
    const [group] = await sql.query<{ name: string }>('select name from keyword_group where group_hash = ? and project_id = ?', [subject.groupHash, subject.projectId]);
    if (!group) throw new ReportProjectError('The group of this report is no longer there.');
    groupName = group.name;
  }
  const scope = { projectId: subject.projectId, territory: project.territory, ...(subject.groupHash ? { groupHash: subject.groupHash } : {}) };
  const tracked = await trackedKeywordsOfProject(sql, { ...scope, domain: project.domain });
  const terms = tracked.keywords.map((row) => row.keyword);
  const [metrics, weeks, groups, rivals] = await Promise.all([
    trackedKeywordMetrics(sql, { territory: project.territory, domain: project.domain, terms, month: tracked.month }),
    weeklyRanks(sql, { territory: project.territory, domain: project.domain, terms }),
    subject.groupHash ? Promise.resolve([]) : projectGroupTerms(sql, subject.projectId),
    competitorsOf ? competitorsOf(comparedCompetitors) : Promise.resolve(null),
  ]);
  const keywords: TrackedKeywordLine[] = tracked.keywords.map((row) => ({
    row,
    clicks: metrics.metrics.get(row.keyword)?.clicks ?? null,
    week: weeks.get(row.keyword) ?? null,
  }));
  const byTermId = new Map(tracked.keywords.map((row) => [row.termId, row]));
  const competitors = await Promise.all(
    (rivals?.rows ?? []).slice(0, comparedCompetitors).map(async (rival) => ({
      domain: rival.domain,
      keywords: (await trackedKeywordsOfProject(sql, { ...scope, domain: rival.domain })).keywords,
    })),
  );
  return {
    name: project.name,
    groupName,
    domain: project.domain,
    month: tracked.month,
    comparedTo: tracked.month ? previousMonth(tracked.month) : null,
    keywords,
    groups: groups.map((group) => groupLine(group.name, group.termIds.flatMap((termId) => byTermId.get(termId) ?? []))),
    competitors,
  };
}

/** A group's sums over its keywords' rows: the rank and click changes as GetGroups adds them up. */
function groupLine(name: string, rows: readonly KeywordRow[]): ProjectGroupLine {
  const ranked = rows.flatMap((row) => (row.currentRank === null ? [] : [row.currentRank]));
  return {
    name,
    numberOfKeywords: rows.length,
    rankChange: rows.reduce((sum, row) => sum + (row.rankChange ?? 0), 0),
    clickChange: rows.reduce((sum, row) => sum + (row.clickChange ?? 0), 0),
    top10: ranked.filter((position) => position <= 10).length,
    averagePosition: ranked.length ? ranked.reduce((sum, position) => sum + position, 0) / ranked.length : null,
  };
}

async function overlapOf(sql: Sql, domain: string, domainId: number, competitors: CompetitorRow[], territory: string, month: string) {
  if (!competitors.length) return null;
  const names = [domain, ...competitors.map((row) => row.domain)];
  const ids = await Promise.all(competitors.map((row) => domainIdOf(sql, row.domain)));
  const domainIds = [domainId, ...ids.filter((id): id is number => id !== null)];
  if (domainIds.length !== names.length) return null;
  // As the kombat page counts them: from the bitmaps when a domain's month is rolled up (a giant's from its ranks take seconds).
  const rolledUp = await kombatDomainsRolledUp(sql, { domainIds, territory, month });
  return { domains: names, counts: await kombatCounts(sql, { domainIds, territory, month, rolledUp }, names) };
}
