import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { AnalyticsEventName, PageRequest, ResearchTableId, Viewer } from '@serpwise/contracts';
import { AnalyticsRecorder } from '@serpwise/platform';
import { researchTableEntry, researchTablePage, ResearchQueryError, type PreparedTable, type ResearchTableInput, type ResearchTables } from '@serpwise/research';
import { WAREHOUSE_SQL, type WarehouseSql } from './warehouse-sql.provider.js';

/** The table-viewed event of a research table's area (docs/product/analytics.md). */
const tableViewedEvent = (id: ResearchTableId): AnalyticsEventName =>
  id === 'outreach/leads' ? 'Leads_Table_Viewed' : ({ seo: 'SEO_Table_Viewed', ppc: 'PPC_Table_Viewed', keyword: 'Keyword_Table_Viewed', outreach: 'Outreach_Table_Viewed' } as const)[id.split('/')[0] as 'seo' | 'ppc' | 'keyword' | 'outreach'];

type Prepared<Id extends ResearchTableId> = Awaited<ReturnType<ResearchTables[Id]['prepare']>>;
type Answer<Id extends ResearchTableId> = Prepared<Id>['answer'];

/**
 * Answers the research table endpoints from the table catalogue (@serpwise/research catalogue/): checks and prepares
 * a table's whole query, then pages it for the viewer (paid data withheld). Exports read the same catalogue.
 */
@Injectable()
export class ResearchTablesService {
  constructor(
    @Inject(WAREHOUSE_SQL) private readonly sql: WarehouseSql,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  /** One page of a table, as its endpoint answers it; its first page is the analytics event of the table's area. */
  async table<Id extends ResearchTableId>(id: Id, input: ResearchTableInput<Id> & PageRequest, viewer: Viewer) {
    const page = await this.page(id, await this.prepare(id, input), input, viewer);
    if (input.startRow === 1) this.analytics.record(tableViewedEvent(id), id);
    return page;
  }

  /** The table's whole query for this request; a request the query modules refuse is a 400 with their message. */
  async prepare<Id extends ResearchTableId>(id: Id, input: ResearchTableInput<Id>): Promise<Prepared<Id>> {
    const entry = researchTableEntry(id);
    try {
      entry.check?.(input);
      return (await entry.prepare(this.sql, input)) as Prepared<Id>;
    } catch (error) {
      if (error instanceof ResearchQueryError) throw new BadRequestException({ statusCode: 400, message: error.message, errors: [error.message] });
      throw error;
    }
  }

  /** One page of a prepared table; `knownTotal` when the caller counts its rows anyway. */
  page<Id extends ResearchTableId>(id: Id, prepared: PreparedTable<Answer<Id>, unknown>, request: PageRequest, viewer: Viewer, knownTotal?: Promise<number>) {
    return researchTablePage(this.sql, researchTableEntry(id), prepared, { startRow: request.startRow, pageSize: request.pageSize }, viewer, knownTotal);
  }
}
