import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { OrganicKombatSegment, PageRequest, TablePage, TableRequest, Viewer } from '@serpwise/contracts';
import {
  backlinksQuery,
  competitorsQuery,
  customListQuery,
  findDomainId,
  findDomainIds,
  keywordComparisonQuery,
  keywordListQuery,
  kombatCounts,
  kombatQuery,
  leadsQuery,
  pageOf,
  ResearchQueryError,
  resolveMonth,
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

/** Every research table answer: the withheld page, the month it reads, and whether the query was found. */
export type ResearchTable<Row> = TablePage<Row> & { month: string | null; wasQueryFound: boolean };

type TableInput = TableRequest & { countryCode: string; month?: string | undefined };

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

@Injectable()
export class SeoResearchService {
  constructor(@Inject(WAREHOUSE_SQL) private readonly sql: WarehouseSql) {}

  async urlOverview(url: string, territory: string): Promise<UrlOverview> {
    const pageId = await this.pageId(url);
    const overview = pageId === null ? null : await urlOverview(this.sql, { pageId, territory });
    if (!overview) throw new NotFoundException(`${url} is not in the research data.`);
    return overview;
  }

  async competitors(input: TableInput & { domain: string }, viewer: Viewer) {
    const domainId = await findDomainId(this.sql, input.domain);
    return this.table(input, viewer, paidColumns.competitors, domainId !== null, (month) =>
      competitorsQuery({ domainId: domainId!, territory: input.countryCode, month }, input),
    );
  }

  async kombat(input: TableInput & { domains: string[]; segment: OrganicKombatSegment }, viewer: Viewer): Promise<ResearchTable<object> & KombatCounts> {
    const ids = await findDomainIds(this.sql, input.domains);
    const found = ids.every((id) => id !== null);
    const month = found ? await resolveMonth(this.sql, input.countryCode, input.month) : null;
    const criteria = { domainIds: ids as number[], territory: input.countryCode, month: month! };
    const table = await this.table(input, viewer, paidColumns.kombat, found, () => kombatQuery(criteria, input.segment, input));
    const counts: KombatCounts =
      found && month
        ? await kombatCounts(this.sql, criteria, input.domains)
        : { venn: [], segments: { core: 0, all: 0, questions: 0, missing: 0, content: 0, transactional: 0 } };
    return { ...table, ...counts };
  }

  async keywords(
    input: TableInput & { domain?: string | undefined; url?: string | undefined; type?: ComparisonType | undefined; competitor?: string[] | undefined },
    viewer: Viewer,
    withHistory = false,
  ) {
    const subject = await this.subject(input);
    const competitorIds = input.competitor ? await findDomainIds(this.sql, input.competitor) : [];
    const knownCompetitors = competitorIds.filter((id): id is number => id !== null);
    // Named competitors the warehouse does not know rank for nothing: such a comparison has no rows.
    const competitorsFound = !input.competitor || knownCompetitors.length > 0;
    return this.table(input, viewer, withHistory ? paidColumns.rankingHistory : paidColumns.keywords, subject !== null && competitorsFound, (month) =>
      keywordComparisonQuery(
        { subject: subject!, territory: input.countryCode, month, type: input.type ?? 'all', competitorIds: knownCompetitors, withHistory },
        input,
      ),
      () => keywordComparisonQuery({ subject: { kind: 'domain', domainId: 0 }, territory: '', month: '2000-01-01', type: input.type ?? 'all', competitorIds: input.competitor ? [0] : [] }, input),
    );
  }

  async topPages(input: TableInput & { domain: string; type: 'mosttraffic' | 'newpages' }, viewer: Viewer) {
    const domainId = await findDomainId(this.sql, input.domain);
    return this.table(input, viewer, paidColumns.topPages, domainId !== null, (month) =>
      topPagesQuery({ domainId: domainId!, territory: input.countryCode, month, type: input.type }, input),
    );
  }

  async backlinks(input: TableInput & { domain?: string | undefined; url?: string | undefined; status: 'all' | 'live' | 'lost' }, viewer: Viewer) {
    const subject = await this.subject(input);
    const target = subject?.kind === 'page' ? { pageId: subject.pageId } : { domainId: subject?.domainId ?? 0 };
    return this.table(input, viewer, paidColumns.backlinks, subject !== null, () => backlinksQuery({ target, status: input.status }, input), undefined, false);
  }

  topDomains(input: TableInput & { topic?: string | undefined }, viewer: Viewer) {
    return this.table(input, viewer, paidColumns.topDomains, true, (month) => topDomainsQuery({ territory: input.countryCode, month, topic: input.topic }, input));
  }

  keywordList(input: TableInput & { keywords?: string[] | undefined; topic?: string | undefined }, viewer: Viewer) {
    return this.table(input, viewer, paidColumns.keywordList, true, (month) =>
      keywordListQuery({ territory: input.countryCode, month, terms: input.keywords ?? [], topic: input.topic }, input),
    );
  }

  customList(input: TableInput & { domains: string[] }, viewer: Viewer) {
    return this.table(input, viewer, paidColumns.customList, true, (month) => customListQuery({ territory: input.countryCode, month, domains: input.domains }, input));
  }

  async leads(input: TableInput & { domain: string; competitors: string[] }, viewer: Viewer) {
    const [domainId, ...competitorIds] = await findDomainIds(this.sql, [input.domain, ...input.competitors]);
    const known = competitorIds.filter((id): id is number => id !== null);
    return this.table(input, viewer, paidColumns.leads, domainId !== null && domainId !== undefined && known.length > 0, (month) =>
      leadsQuery({ domainId: domainId!, competitorIds: known, territory: input.countryCode, month }, input),
    );
  }

  /**
   * Runs one table: resolves the month, checks the sort (a bad sort is a 400 even when the query is not found),
   * pages the query and withholds paid data for the viewer.
   */
  private async table<Row extends object>(
    input: TableInput,
    viewer: Viewer,
    paid: readonly string[],
    found: boolean,
    build: (month: string) => BuiltQuery,
    validate?: () => unknown,
    needsMonth = true,
  ): Promise<ResearchTable<Row>> {
    try {
      (validate ?? (() => build('2000-01-01')))();
      const month = needsMonth && found ? await resolveMonth(this.sql, input.countryCode, input.month) : null;
      const page: PageRequest = { startRow: input.startRow, pageSize: input.pageSize };
      const { rows, totalRows } = found && (month || !needsMonth) ? await pageOf<Row>(this.sql, build(month ?? ''), page) : { rows: [], totalRows: 0 };
      const withheld = withholdPage({ rows, totalRows, startRow: input.startRow, pageSize: input.pageSize, viewer, paidColumns: paid as (keyof Row & string)[] });
      return { ...withheld, month, wasQueryFound: found };
    } catch (error) {
      if (error instanceof ResearchQueryError) throw new BadRequestException({ statusCode: 400, message: error.message, errors: [error.message] });
      throw error;
    }
  }

  private async subject(input: { domain?: string | undefined; url?: string | undefined }): Promise<Subject | null> {
    if (input.domain !== undefined) {
      const domainId = await findDomainId(this.sql, input.domain);
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
