import { researchTablePageOf, type ResearchTableId } from '@serpwise/contracts';
import { pageOf } from '../tables/index.js';
import type { z } from 'zod';
import type { Sql } from '../sql.js';
import { keywordTables } from './keyword-tables.js';
import { outreachTables } from './outreach-tables.js';
import { ppcTables } from './ppc-tables.js';
import type { PreparedTable, ResearchTableEntry } from './research-table.js';
import { seoTables } from './seo-tables.js';

/**
 * Every research table, by the path of its endpoint under /rest/research/ (the ids in @serpwise/contracts): its
 * request schema, paid columns and how to prepare its whole query. The API endpoints page it, the export job streams
 * it; both read the same entry, so an export is exactly the table on screen — every row of it, not the page.
 */
export const researchTables = { ...seoTables, ...outreachTables, ...ppcTables, ...keywordTables } satisfies Record<ResearchTableId, Pick<ResearchTableEntry, 'id' | 'paidColumns'>>;

export type ResearchTables = typeof researchTables;
export type ResearchTableInput<Id extends ResearchTableId> = z.output<ResearchTables[Id]['schema']>;

export const isResearchTableId = (table: string): table is ResearchTableId => Object.hasOwn(researchTables, table);

/** An entry of the catalogue, loosely typed for code that handles every table alike. */
export const researchTableEntry = (table: ResearchTableId) => researchTables[table] as unknown as ResearchTableEntry;

const pageSchemas = new Map<ResearchTableId, z.ZodObject>();

/**
 * The answer of a table's endpoint, rows column by column, derived from the entry (its row schema and paid columns):
 * what the operators' and the public API's documents describe. One schema per table (so one component), titled after
 * the table ('seo/keywords' → SeoKeywordsPage).
 */
export function researchTablePageSchemaOf(table: ResearchTableId): z.ZodObject {
  let schema = pageSchemas.get(table);
  if (!schema) {
    const entry = researchTableEntry(table);
    const title = `${table.replace(/(^|[/-])(\w)/g, (_match, _separator: string, letter: string) => letter.toUpperCase())}Page`;
    schema = researchTablePageOf(entry.row, entry.paidColumns, entry.answerFields).meta({ title });
    pageSchemas.set(table, schema);
  }
  return schema;
}

/**
 * Validates a table's parameters with the table's own schema and prepares its whole query. A malformed request throws
 * the schema's ZodError (the API answers 400); a query the module refuses throws ResearchQueryError.
 */
export async function prepareResearchTable(sql: Sql, table: ResearchTableId, params: unknown): Promise<PreparedTable & { input: unknown }> {
  const entry = researchTableEntry(table);
  const input = entry.schema.parse(params);
  return { ...(await entry.prepare(sql, input)), input };
}

/**
 * The first rows of a research table and the number of all its rows, for a reader that prints the table rather than
 * answering a viewer (a PDF report): the entry the endpoint and the export prepare, paged by the input's startRow and
 * pageSize (any size: the report's row cap). Paid columns are not withheld; the input is taken as valid (not parsed).
 */
export async function researchTableRows<Row extends object, Id extends ResearchTableId = ResearchTableId>(
  sql: Sql,
  table: Id,
  input: ResearchTableInput<Id>,
): Promise<{ rows: Row[]; totalRows: number }> {
  const { query } = await researchTableEntry(table).prepare(sql, input);
  return query ? pageOf<Row>(sql, query, { startRow: input.startRow, pageSize: input.pageSize }) : { rows: [], totalRows: 0 };
}
