import type { ResearchTableId } from '@serpwise/contracts';
import type { z } from 'zod';
import type { Sql } from '../sql.js';
import { orderedTable, type BuiltQuery, type TableOrder, type TableSpec } from '../tables/index.js';
import { researchMonth } from '../warehouse/lookups.js';

/**
 * A research table ready to read: its whole ordered query without the page window (null when the request names
 * something the warehouse does not know, or the territory has no month) — what a page reads and an export streams.
 */
export interface PreparedTable<Answer extends object = object, Facts = unknown> {
  query: BuiltQuery | null;
  /** What the endpoint answers after the page (month, wasQueryFound, the query, its type …), in that order. */
  answer: Answer;
  /** What preparing resolved that an endpoint's own extra reads use (kombat's domain ids for its Venn). */
  facts: Facts;
  /** A short name for an export's file: the table and what was asked ("seo-keywords-alpha.example"). */
  fileStem: string;
}

/** One research table of the catalogue: what the API endpoint, the export job and any later reader of it share. */
export interface ResearchTableEntry<Schema extends z.ZodType = z.ZodType, Answer extends object = object, Facts = unknown> {
  id: ResearchTableId;
  /** The request, as its endpoint and an export validate it (an export accepts the paging fields and ignores them). */
  schema: Schema;
  /** The row's columns (@serpwise/contracts: the row's TypeScript type is inferred from it); the documents describe rows by it. */
  row: z.ZodObject;
  /** The table's own answer fields beside the page, when it has any described (kombat's Venn). */
  answerFields?: z.ZodObject;
  /** Columns only full users see (money columns: CPC, value, budget); withheld for other viewers, on a page and in an export. */
  paidColumns: readonly string[];
  prepare(sql: Sql, input: z.output<Schema>): Promise<PreparedTable<Answer, Facts>>;
  /**
   * Refuses a request the query modules would refuse (an unknown sort column …) even when the warehouse does not know
   * what it names: the SEO and outreach endpoints answer 400 then. An export does not ask (it prepares an empty table).
   */
  check?(input: z.output<Schema>): void;
  /** The table has no subject of its own (ad templates): it counts as found when it has rows. */
  foundByRows?: true;
}

/** An entry, with its input typed by its schema. */
export const researchTable = <Schema extends z.ZodType, Answer extends object, Facts = undefined>(
  entry: ResearchTableEntry<Schema, Answer, Facts>,
): ResearchTableEntry<Schema, Answer, Facts> => entry;

/** A prepared table with nothing beside its query and answer. */
export const preparedTable = <Answer extends object>(query: BuiltQuery | null, answer: Answer, fileStem: string): PreparedTable<Answer, undefined> => ({
  query,
  answer,
  facts: undefined,
  fileStem,
});

export type TableInput = TableOrder & { countryCode: string; month?: string | undefined };

export const monthOf = (sql: Sql, input: { countryCode: string; month?: string | undefined; domain?: unknown }) =>
  researchMonth(sql, input.countryCode, input.month, typeof input.domain === 'string' ? input.domain : undefined);
export const stem = (...parts: (string | undefined)[]) => parts.filter(Boolean).join('-');

/** A check that the request's order is one the table has (its sort column). */
export const orderCheck = (spec: TableSpec<never, unknown> | ((input: never) => TableSpec<never, unknown>)) => (input: TableOrder) => {
  orderedTable({ sql: '', params: [] }, typeof spec === 'function' ? spec(input as never) : spec, input);
};
