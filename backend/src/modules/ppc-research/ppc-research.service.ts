import { Inject, Injectable } from '@nestjs/common';
import type { PaidKombatSegment, PaidSearchType, RecommendationType, Viewer } from '@serpwise/contracts';
import {
  adHistoryQuery,
  adHistoryTable,
  adTemplatesQuery,
  adTemplatesTable,
  advisorTable,
  advisorWindow,
  domainAdvisorQuery,
  domainIdOf,
  pageTable,
  ppcCompetitorsQuery,
  ppcCompetitorsTable,
  ppcKeywordsQuery,
  ppcKeywordsTable,
  ppcKombatQuery,
  ppcKombatTable,
  ppcKombatVenn,
  ppcOverview,
  researchMonth,
  topPpcCompetitorIds,
  windowMonths,
  type KombatVenn,
  type PpcOverview,
  type AdvisorRow,
  type TableOrder,
} from '@serpwise/research';
import type { PageRequest } from '@serpwise/contracts';
import { WAREHOUSE_SQL, type WarehouseSql } from '../research/warehouse-sql.provider.js';
import { emptyTable, tableAnswer, type ResearchTableAnswer } from './research-request.schemas.js';

type TableInput = TableOrder & PageRequest & { countryCode: string; month?: string | undefined };

/** PPC research of a domain (issue 4 item 5); paid columns are withheld per viewer (item 6). */
@Injectable()
export class PpcResearchService {
  constructor(@Inject(WAREHOUSE_SQL) private readonly sql: WarehouseSql) {}

  async overview(domain: string, territory: string, viewer: Viewer): Promise<PpcOverview> {
    const overview = await ppcOverview(this.sql, { domain, territory });
    if (viewer === 'full') return overview;
    const hide = <P extends { budget: number | null }>(point: P): P => ({ ...point, budget: null });
    return { ...overview, latest: overview.latest && hide(overview.latest), history: overview.history.map(hide) };
  }

  private async context(domain: string, input: TableInput) {
    const [domainId, month] = await Promise.all([domainIdOf(this.sql, domain), researchMonth(this.sql, input.countryCode, input.month)]);
    return { domainId, month, base: { query: domain, territory: input.countryCode, month, wasQueryFound: domainId !== null } };
  }

  async competitors(domain: string, input: TableInput, viewer: Viewer) {
    const { domainId, month, base } = await this.context(domain, input);
    const table = domainId !== null && month ? await pageTable(this.sql, ppcCompetitorsTable, ppcCompetitorsQuery({ domainId, territory: input.countryCode, month }), input) : emptyTable;
    return tableAnswer({ table, request: input, viewer, paidColumns: ['paidClicks', 'budget'], ...base });
  }

  async kombat(
    domains: string[],
    segment: PaidKombatSegment,
    input: TableInput,
    viewer: Viewer,
  ): Promise<ResearchTableAnswer<unknown> & { domains: string[]; missingDomains: string[]; venn: KombatVenn | null }> {
    const month = await researchMonth(this.sql, input.countryCode, input.month);
    const ids = await Promise.all(domains.map((name) => domainIdOf(this.sql, name)));
    const missingDomains = domains.filter((_, index) => ids[index] === null);
    const found = missingDomains.length === 0 && month !== null;
    const domainIds = ids as number[];
    const table = found
      ? await pageTable(this.sql, ppcKombatTable(domains.length), ppcKombatQuery({ domainIds, territory: input.countryCode, month, segment }), input)
      : emptyTable;
    const venn = found ? await ppcKombatVenn(this.sql, { domains: domains.map((name, index) => ({ id: domainIds[index]!, name })), territory: input.countryCode, month }) : null;
    const answer = tableAnswer({ table, request: input, viewer, paidColumns: ['cpc', 'paidClicks'], query: domains.join(','), territory: input.countryCode, month, wasQueryFound: found });
    return { ...answer, domains, missingDomains, venn };
  }

  async keywords(domain: string, type: PaidSearchType, input: TableInput, viewer: Viewer) {
    const { domainId, month, base } = await this.context(domain, input);
    const table = domainId !== null && month ? await pageTable(this.sql, ppcKeywordsTable(type), ppcKeywordsQuery({ domainId, territory: input.countryCode, month, type }), input) : emptyTable;
    return { ...tableAnswer({ table, request: input, viewer, paidColumns: ['cpc', 'paidClicks', 'budget'], ...base }), type };
  }

  async adHistory(domain: string, months: number, input: TableInput, viewer: Viewer) {
    const { domainId, month, base } = await this.context(domain, input);
    const window = month ? windowMonths(month, months) : [];
    const table =
      domainId !== null && month
        ? await pageTable(this.sql, adHistoryTable('domain', window), adHistoryQuery({ by: { domainId }, territory: input.countryCode, months: window }), input)
        : emptyTable;
    return { ...tableAnswer({ table, request: input, viewer, paidColumns: ['cpc', 'paidClicks'], ...base }), months: window };
  }

  async advisor(domain: string, type: RecommendationType, input: TableInput, viewer: Viewer) {
    const { domainId, month, base } = await this.context(domain, input);
    let table: { rows: AdvisorRow[]; totalRows: number } = emptyTable;
    if (domainId !== null && month) {
      const competitors = await topPpcCompetitorIds(this.sql, { domainId, territory: input.countryCode, month, limit: advisorWindow.competitors });
      table = type === 'buy' && competitors.length === 0 ? emptyTable : await pageTable(this.sql, advisorTable, domainAdvisorQuery({ domainId, competitorIds: competitors, territory: input.countryCode, month, type }), input);
    }
    return { ...tableAnswer({ table, request: input, viewer, paidColumns: ['cpc', 'estimatedBudget', 'paidClicks'], ...base }), type };
  }

  async adTemplates(term: string, input: TableInput, viewer: Viewer) {
    const month = await researchMonth(this.sql, input.countryCode, input.month);
    const table = month ? await pageTable(this.sql, adTemplatesTable, adTemplatesQuery({ words: term.split(' '), territory: input.countryCode, month }), input) : emptyTable;
    return tableAnswer({ table, request: input, viewer, paidColumns: ['paidClicks'], query: term, territory: input.countryCode, month, wasQueryFound: table.totalRows > 0 });
  }
}
