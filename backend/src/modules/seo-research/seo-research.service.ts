import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { OrganicKombatSegment, PageRequest, ResearchTable, TableRequest, Viewer } from '@serpwise/contracts';
import {
  backlinksQuery,
  competitorsQuery,
  customListQuery,
  domainIdOf,
  domainIdsOf,
  keywordComparisonQuery,
  keywordListQuery,
  kombatCounts,
  kombatQuery,
  leadsQuery,
  pageOf,
  ResearchQueryError,
  researchMonth,
  topDomainsQuery,
  topPagesQuery,
  urlOverview,
  urlVariants,
  withholdPage,
  type BuiltQuery,
  type ComparisonType,
  type KombatCounts,
  type Subject,
  type UrlOverview,
} from '@serpwise/research';
import { WAREHOUSE_SQL, type WarehouseSql } from '../research/warehouse-sql.provider.js';

type TableInput = TableRequest & { countryCode: string; month?: string | undefined };
type Subjected = { domain?: string | undefined; url?: string | undefined };
type KombatInput = TableInput & { domains: string[]; segment: OrganicKombatSegment };
type KeywordsInput = TableInput & Subjected & { type?: ComparisonType | undefined; competitor?: string[] | undefined };
type TopPagesInput = TableInput & { domain: string; type: 'mosttraffic' | 'newpages' };
type BacklinksInput = TableInput & Subjected & { status: 'all' | 'live' | 'lost' };
type TopDomainsInput = TableInput & { topic?: string | undefined };
type KeywordListInput = TableInput & { keywords?: string[] | undefined; topic?: string | undefined };
type CustomListInput = TableInput & { domains: string[] };
type LeadsInput = TableInput & { domain: string; competitors: string[] };

/**
 * A table ready to read: its whole ordered query without the page window (null when the query names something the
 * warehouse does not know, or the territory has no month), the month and the paid columns. Exports stream `query`.
 */
export interface PreparedTable {
  found: boolean;
  month: string | null;
  query: BuiltQuery | null;
  paidColumns: readonly string[];
}

/**
 * The paid columns of each table (issue 4 item 6; docs/research-data.md "Withholding"): money columns — CPC,
 * click value, PPC budget — are full-user data. Rows after the viewer's allowance come back locked.
 */
export const paidColumns = {
  keywords: ['cpc', 'value'],
  rankingHistory: ['cpc', 'value'],
  competitors: ['value'],
  kombat: ['cpc'],
  topPages: ['value'],
  backlinks: [],
  topDomains: ['value', 'budget'],
  keywordList: ['value'],
  customList: ['value', 'budget'],
  leads: [],
} as const satisfies Record<string, readonly string[]>;

/** The tables of this module, by their path under /rest/research/. */

@Injectable()
export class SeoResearchService {
  constructor(@Inject(WAREHOUSE_SQL) private readonly sql: WarehouseSql) {}

  async urlOverview(url: string, territory: string): Promise<UrlOverview> {
    const pageId = await this.pageId(url);
    const overview = pageId === null ? null : await urlOverview(this.sql, { pageId, territory });
    if (!overview) throw new NotFoundException(`${url} is not in the research data.`);
    return overview;
  }

  competitors = async (input: TableInput & { domain: string }, viewer: Viewer) => this.run(await this.prepareCompetitors(input), input, viewer);
  async prepareCompetitors(input: TableInput & { domain: string }): Promise<PreparedTable> {
    const domainId = await domainIdOf(this.sql, input.domain);
    return this.prepare(input, paidColumns.competitors, domainId !== null, (month) =>
      competitorsQuery({ domainId: domainId!, territory: input.countryCode, month }, input),
    );
  }

  async kombat(input: KombatInput, viewer: Viewer): Promise<ResearchTable<object> & KombatCounts> {
    const prepared = await this.prepareKombat(input);
    const noCounts: KombatCounts = { venn: [], segments: { core: 0, all: 0, questions: 0, missing: 0, content: 0, transactional: 0 } };
    // The page and the Venn read the same comparison: ask for both at once.
    const counts =
      prepared.query && prepared.month
        ? kombatCounts(this.sql, { domainIds: prepared.domainIds, territory: input.countryCode, month: prepared.month }, input.domains)
        : Promise.resolve(noCounts);
    // Unfiltered, the table has as many rows as its segment counts: no count query of its own.
    const total = input.filter ? undefined : counts.then((known) => known.segments[input.segment]);
    const [table, resolved] = await Promise.all([this.run(prepared, input, viewer, total), counts]);
    return { ...table, ...resolved };
  }
  async prepareKombat(input: KombatInput): Promise<PreparedTable & { domainIds: number[] }> {
    const ids = await domainIdsOf(this.sql, input.domains);
    const domainIds = ids.filter((id): id is number => id !== null);
    const found = domainIds.length === ids.length;
    const prepared = await this.prepare(input, paidColumns.kombat, found, (month) =>
      kombatQuery({ domainIds, territory: input.countryCode, month }, input.segment, input),
    );
    return { ...prepared, domainIds };
  }

  keywords = async (input: KeywordsInput, viewer: Viewer, withHistory = false) => this.run(await this.prepareKeywords(input, withHistory), input, viewer);
  async prepareKeywords(input: KeywordsInput, withHistory = false): Promise<PreparedTable> {
    const subject = await this.subject(input);
    const competitorIds = input.competitor ? await domainIdsOf(this.sql, input.competitor) : [];
    const knownCompetitors = competitorIds.filter((id): id is number => id !== null);
    // Named competitors the warehouse does not know rank for nothing: such a comparison has no rows.
    const competitorsFound = !input.competitor || knownCompetitors.length > 0;
    const type = input.type ?? 'all';
    return this.prepare(
      input,
      withHistory ? paidColumns.rankingHistory : paidColumns.keywords,
      subject !== null && competitorsFound,
      (month) => keywordComparisonQuery({ subject: subject!, territory: input.countryCode, month, type, competitorIds: knownCompetitors, withHistory }, input),
      // Validates type, competitor and sort even when the subject is unknown.
      () => keywordComparisonQuery({ subject: { kind: 'domain', domainId: 0 }, territory: '', month: '2000-01-01', type, competitorIds: input.competitor ? [0] : [] }, input),
    );
  }

  topPages = async (input: TopPagesInput, viewer: Viewer) => this.run(await this.prepareTopPages(input), input, viewer);
  async prepareTopPages(input: TopPagesInput): Promise<PreparedTable> {
    const domainId = await domainIdOf(this.sql, input.domain);
    return this.prepare(input, paidColumns.topPages, domainId !== null, (month) =>
      topPagesQuery({ domainId: domainId!, territory: input.countryCode, month, type: input.type }, input),
    );
  }

  backlinks = async (input: BacklinksInput, viewer: Viewer) => this.run(await this.prepareBacklinks(input), input, viewer);
  async prepareBacklinks(input: BacklinksInput): Promise<PreparedTable> {
    const subject = await this.subject(input);
    const target = subject?.kind === 'page' ? { pageId: subject.pageId } : { domainId: subject?.domainId ?? 0 };
    return this.prepare(input, paidColumns.backlinks, subject !== null, () => backlinksQuery({ target, status: input.status }, input), undefined, false);
  }

  topDomains = async (input: TopDomainsInput, viewer: Viewer) => this.run(await this.prepareTopDomains(input), input, viewer);
  prepareTopDomains(input: TopDomainsInput): Promise<PreparedTable> {
    return this.prepare(input, paidColumns.topDomains, true, (month) => topDomainsQuery({ territory: input.countryCode, month, topic: input.topic }, input));
  }

  keywordList = async (input: KeywordListInput, viewer: Viewer) => this.run(await this.prepareKeywordList(input), input, viewer);
  prepareKeywordList(input: KeywordListInput): Promise<PreparedTable> {
    return this.prepare(input, paidColumns.keywordList, true, (month) =>
      keywordListQuery({ territory: input.countryCode, month, terms: input.keywords ?? [], topic: input.topic }, input),
    );
  }

  customList = async (input: CustomListInput, viewer: Viewer) => this.run(await this.prepareCustomList(input), input, viewer);
  prepareCustomList(input: CustomListInput): Promise<PreparedTable> {
    return this.prepare(input, paidColumns.customList, true, (month) => customListQuery({ territory: input.countryCode, month, domains: input.domains }, input));
  }

  leads = async (input: LeadsInput, viewer: Viewer) => this.run(await this.prepareLeads(input), input, viewer);
  async prepareLeads(input: LeadsInput): Promise<PreparedTable> {
    const [domainId, ...competitorIds] = await domainIdsOf(this.sql, [input.domain, ...input.competitors]);
    const known = competitorIds.filter((id): id is number => id !== null);
    return this.prepare(input, paidColumns.leads, domainId !== null && domainId !== undefined && known.length > 0, (month) =>
      leadsQuery({ domainId: domainId!, competitorIds: known, territory: input.countryCode, month }, input),
    );
  }

  /**
   * Resolves a table's criteria and builds its whole ordered query (no page window): what a page reads and what an
   * export streams with a cursor. The sort, type and competitor are checked (400) even when the query is not found.
   */
  private async prepare(
    input: TableInput,
    paid: readonly string[],
    found: boolean,
    build: (month: string) => BuiltQuery,
    validate?: () => unknown,
    needsMonth = true,
  ): Promise<PreparedTable> {
    try {
      (validate ?? (() => build('2000-01-01')))();
      const month = needsMonth && found ? await researchMonth(this.sql, input.countryCode, input.month) : null;
      const query = found && (month || !needsMonth) ? build(month ?? '') : null;
      return { found, month, query, paidColumns: paid };
    } catch (error) {
      if (error instanceof ResearchQueryError) throw new BadRequestException({ statusCode: 400, message: error.message, errors: [error.message] });
      throw error;
    }
  }

  /** Pages a prepared table and withholds paid data for the viewer. */
  private async run<Row extends object>(prepared: PreparedTable, input: TableInput, viewer: Viewer, knownTotal?: Promise<number>): Promise<ResearchTable<Row>> {
    const page: PageRequest = { startRow: input.startRow, pageSize: input.pageSize };
    const { rows, totalRows } = prepared.query ? await pageOf<Row>(this.sql, prepared.query, page, knownTotal) : { rows: [], totalRows: 0 };
    const withheld = withholdPage({
      rows,
      totalRows,
      startRow: input.startRow,
      pageSize: input.pageSize,
      viewer,
      paidColumns: prepared.paidColumns as (keyof Row & string)[],
    });
    return { ...withheld, month: prepared.month, wasQueryFound: prepared.found };
  }

  private async subject(input: { domain?: string | undefined; url?: string | undefined }): Promise<Subject | null> {
    if (input.domain !== undefined) {
      const domainId = await domainIdOf(this.sql, input.domain);
      return domainId === null ? null : { kind: 'domain', domainId };
    }
    const pageId = await this.pageId(input.url!);
    if (pageId === null) return null;
    const [page] = await this.sql.query<{ domain_id: number }>('select domain_id from page where id = ?', [pageId]);
    return { kind: 'page', pageId, domainId: page!.domain_id };
  }

  private async pageId(url: string): Promise<number | null> {
    const [row] = await this.sql.query<{ id: number }>(`select id from page where url = any(string_to_array(?, ' ')) order by id limit 1`, [urlVariants(url).join(' ')]);
    return row?.id ?? null;
  }
}
