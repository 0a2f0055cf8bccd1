import type { ResearchTableId } from '@serpwise/contracts';
import { isResearchTableId, prepareResearchTable, researchTableEntry } from '../catalogue/catalogue.js';
import type { Sql } from '../sql.js';
import { countSqlOf, type BuiltQuery } from '../tables/index.js';

/**
 * What an export streams for one research table of the catalogue: the table's whole query with the request's sort
 * and filter and no page window (null when the warehouse does not know the subject, like the endpoint's empty
 * answer), the columns only full users see, and the mapping from SQL rows to the endpoint's rows.
 */
export interface PreparedExport {
  query: BuiltQuery | null;
  paidColumns: readonly string[];
  /** Turns one SQL row into the row the table endpoint answers; absent when the SQL already names its columns so. */
  map?: (raw: Record<string, unknown>) => object;
  /** A short name for the file: the table and what was asked ("seo-keywords-alpha.example"). */
  fileStem: string;
  /** The month the table shows (YYYY-MM-DD: the one asked for, else the subject's or territory's newest); null: none. */
  month: string | null;
  /**
   * The page's statement with its decorate step, when `query` is the table's every-row statement instead: the same
   * rows, for a reader that goes at someone else's pace (a Sheets export, Google's appends) batch by batch.
   */
  perBatchQuery?: BuiltQuery;
}

/** An exportable table: every table of the catalogue. */
export type ExportTableId = ResearchTableId;
export const isExportTableId = isResearchTableId;

/**
 * Validates an export's table parameters with the table's own schema (paging fields are accepted and ignored) and
 * prepares its whole query. A malformed request throws the schema's ZodError (the API answers 400); a query the
 * module refuses throws ResearchQueryError.
 */
export async function prepareExport(sql: Sql, table: ExportTableId, params: unknown): Promise<PreparedExport & { input: unknown }> {
  const { query: paged, fileStem, input, answer } = await prepareResearchTable(sql, table, params);
  // Every row is read: the table's statement for all rows where it has one (BuiltQuery.whole), not the page's
  // statement plus a decorate step per batch.
  const query = paged ? wholeOf(paged) : null;
  const month = 'month' in answer && typeof answer.month === 'string' ? answer.month : null;
  const perBatch = paged?.whole ? { perBatchQuery: withoutWhole(paged) } : {};
  return { query, ...perBatch, paidColumns: researchTableEntry(table).paidColumns, ...(query?.map ? { map: query.map } : {}), fileStem, month, input };
}

/**
 * The statement of a table's every row: its `whole` variant (the decorated columns in the SQL), else itself. The
 * whole variant has the page's rows, so it is counted as the page is (totalRowsOf: the table's own total, or its
 * count statement without the decorated columns), never by running the every-row statement once more to count.
 */
function wholeOf(query: BuiltQuery): BuiltQuery {
  if (!query.whole) return withoutWhole(query);
  if (query.whole.totalSql) return query.whole;
  return query.totalSql
    ? { ...query.whole, totalSql: query.totalSql, totalParams: query.totalParams ?? query.params }
    : { ...query.whole, totalSql: countSqlOf(query), totalParams: query.params };
}

const withoutWhole = (query: BuiltQuery): BuiltQuery => {
  const { whole: _whole, ...own } = query;
  return own;
};
