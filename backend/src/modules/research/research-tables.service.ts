import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { PageRequest, ResearchTableId, Viewer } from '@serpwise/contracts';
import { researchTableEntry, researchTablePage, ResearchQueryError, type PreparedTable, type ResearchTableInput, type ResearchTables } from '@serpwise/research';
import { WAREHOUSE_SQL, type WarehouseSql } from './warehouse-sql.provider.js';

type Prepared<Id extends ResearchTableId> = Awaited<ReturnType<ResearchTables[Id]['prepare']>>;
type Answer<Id extends ResearchTableId> = Prepared<Id>['answer'];

/**
 * Answers the research table endpoints from the table catalogue (@serpwise/research catalogue/): checks and prepares
 * a table's whole query, then pages it for the viewer (paid data withheld). Exports read the same catalogue.
 */
@Injectable()
export class ResearchTablesService {
  constructor(@Inject(WAREHOUSE_SQL) private readonly sql: WarehouseSql) {}

  /** One page of a table, as its endpoint answers it. */
  async table<Id extends ResearchTableId>(id: Id, input: ResearchTableInput<Id> & PageRequest, viewer: Viewer) {
    return this.page(id, await this.prepare(id, input), input, viewer);
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
