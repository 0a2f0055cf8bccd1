import type { PageRequest, TablePage, Viewer } from '@serpwise/contracts';
import type { Sql } from '../sql.js';
import { pageOf, withholdPage } from '../tables/index.js';
import type { PreparedTable, ResearchTableEntry } from './research-table.js';

/**
 * One page of a prepared research table as its endpoint answers it: the rows the viewer may see (paid columns
 * withheld, rows past the allowance locked), then the table's answer fields. `knownTotal`: the number of rows, when
 * the caller counts them anyway (kombat's segments).
 */
export async function researchTablePage<Answer extends object>(
  sql: Sql,
  entry: Pick<ResearchTableEntry, 'paidColumns' | 'foundByRows'>,
  prepared: PreparedTable<Answer, unknown>,
  request: PageRequest,
  viewer: Viewer,
  knownTotal?: Promise<number>,
): Promise<TablePage<object> & Answer> {
  const { rows, totalRows } = prepared.query ? await pageOf<object>(sql, prepared.query, request, knownTotal) : { rows: [], totalRows: 0 };
  const page = withholdPage({ rows, totalRows, startRow: request.startRow, pageSize: request.pageSize, viewer, paidColumns: entry.paidColumns as never[] });
  const answer = entry.foundByRows ? { ...prepared.answer, wasQueryFound: totalRows > 0 } : prepared.answer;
  return { ...page, ...answer };
}
