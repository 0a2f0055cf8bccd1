import { toNumberedPlaceholders } from '@serpwise/research';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { LineBatch, LineBatcher, unescapeCopyText, type BatchFields } from './copy-lines.js';

export { LineBatch, unescapeCopyText, type BatchFields };

/** A batch of a query's rows, as node-postgres would have parsed them, with the columns' types. */
export interface RowBatch {
  rows: Record<string, unknown>[];
  fields: BatchFields;
  /**
   * Row `index`'s text PostgreSQL sent for each of the asked key columns (null for NULL): a resumed export pages on
   * these (keysetFrom), exactly as the database compares them, whatever the parsed value lost (a Date's microseconds).
   * Worked out when asked: an export asks for a batch's first and last rows only.
   */
  keyAt(index: number): (string | null)[];
}

/** PostgreSQL types whose values node-postgres hands over as text but that an export writes as numbers (int8, numeric). */
export const numericTextTypes = new Set([20, 1700]);

/**
 * The text a batch may hold, as PostgreSQL sent it (issue 27 point 2): a batch of wide rows (a keyword's ranking
 * history, long URLs and anchors) is cut before `batchRows` rows so an export's memory follows its bytes, not its row
 * count. 2 MiB keeps the narrow tables at their full batch (500,000 backlinks: about 200 bytes a row, 5,000-row
 * batches, as fast as before) while a row of 2 kB is read 1,000 at a time.
 */
export const batchTextBytes = 2 * 1024 * 1024;

/**
 * The same for a CSV export's COPY lines, which it turns straight into the file's text (copy-csv.ts): 512 KiB. A
 * batch's lines and the text made of them are alive while the batch is written, and at 2 MiB most of them outlived
 * the worker's 16 MB young generation and went to the old one — the 300,000-row ranking history spent ~3.6 s of its
 * worker's CPU collecting garbage (profile, docs/benchmarks.md) and took 2.0× psql's `\copy`; at 512 KiB 1.49×, and
 * 500,000 backlinks (2,621-row batches instead of 5,000) 1.34× instead of 1.42×. XLSX and Sheets exports keep 2 MiB
 * (a Sheets export's appends and resume points follow its batches).
 */
export const copyBatchTextBytes = 512 * 1024;

/**
 * Rows to fetch next for rows of `rowBytes` bytes of text on average: as many as fit in `budgetBytes`, at most
 * `maxRows`, at least 100 (below that each batch's round trip and cancel check cost more than its rows). Unknown
 * width (no rows seen yet): `maxRows`.
 */
export function batchRowsFor(rowBytes: number | null, maxRows: number, budgetBytes = batchTextBytes): number {
  if (rowBytes === null || !Number.isFinite(rowBytes) || rowBytes <= 0) return maxRows;
  return Math.max(Math.min(100, maxRows), Math.min(maxRows, Math.floor(budgetBytes / rowBytes)));
}

/** node-postgres's own parser of each field, so rows parsed here equal the ones a plain query would give. */
export const parsersOf = (fields: readonly { dataTypeID: number }[]) => fields.map((field) => pg.types.getTypeParser(field.dataTypeID, 'text') as (text: string) => unknown);

/** Where each key column is among the fields; a key column the query does not have is a programming error. */
function keyIndexes(fields: readonly { name: string }[], keyColumns: readonly string[]): number[] {
  return keyColumns.map((column) => {
    const index = fields.findIndex((field) => field.name === column);
    if (index < 0) throw new Error(`The export query has no column ${column} to resume on`);
    return index;
  });
}

/** Rows as text, for a cursor: the values stay as PostgreSQL wrote them until parsed here. */
const asText = { getTypeParser: () => (text: string) => text };

/**
 * A query's rows in batches through a server-side cursor (`FETCH n`) in one read-only repeatable-read transaction.
 * Used when each batch needs more queries on the same snapshot (decorated rows). The client is left clean.
 */
export async function* cursorBatches(
  client: pg.PoolClient,
  sql: string,
  params: readonly unknown[],
  batchRows: number,
  keyColumns: readonly string[] = [],
  budgetBytes = batchTextBytes,
): AsyncGenerator<RowBatch> {
  await client.query('begin isolation level repeatable read read only');
  let open = true;
  // Each FETCH asks for as many rows as the previous batch's width lets fit in the budget (batchRowsFor).
  let rowBytes: number | null = null;
  try {
    await client.query(`declare export_rows no scroll cursor for ${toNumberedPlaceholders(sql)}`, [...params]);
    for (;;) {
      const fetchRows = batchRowsFor(rowBytes, batchRows, budgetBytes);
      const batch = await client.query<Record<string, string | null>>({ text: `fetch ${fetchRows} from export_rows`, types: asText });
      const fields = batch.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
      const parsers = parsersOf(fields);
      const at = keyIndexes(fields, keyColumns);
      const rows: Record<string, unknown>[] = [];
      let bytes = 0;
      for (const text of batch.rows) {
        const row: Record<string, unknown> = {};
        fields.forEach((field, index) => {
          const cell = text[field.name]!;
          if (cell !== null) bytes += cell.length + 1;
          row[field.name] = cell === null ? null : parsers[index]!(cell);
        });
        rows.push(row);
      }
      if (batch.rows.length) rowBytes = bytes / batch.rows.length;
      const texts = batch.rows;
      yield { rows, fields, keyAt: (index) => at.map((column) => texts[index]![fields[column]!.name]!) };
      if (batch.rows.length < fetchRows) break;
    }
    await client.query('close export_rows');
    await client.query('commit');
    open = false;
  } finally {
    if (open) await client.query('rollback').catch(() => undefined);
  }
}

/**
 * A query's rows in batches through `COPY (query) TO STDOUT` (text format), as COPY's text lines. Unlike a cursor,
 * COPY lets PostgreSQL run the query with parallel workers, and its rows come as plain text lines (no per-row protocol
 * message): a 500,000-row export reads in about half the time (docs/benchmarks.md). COPY takes no bind parameters, so
 * they are written into the SQL as quoted literals, typed by their context exactly as untyped parameters are.
 * A consumer that stops early (cancel, row limit) leaves the connection mid-COPY: `abandoned` then says so and
 * the caller must release the client with an error, which closes it.
 */
export function copyLineBatches(
  client: pg.PoolClient,
  sql: string,
  params: readonly unknown[],
  batchRows: number,
  keyColumns: readonly string[] = [],
  budgetBytes = batchTextBytes,
): { batches: AsyncGenerator<LineBatch>; abandoned: () => boolean } {
  let finished = false;
  let started = false;
  async function* batches(): AsyncGenerator<LineBatch> {
    const literalSql = withLiterals(sql, params, client);
    // The columns and their types, without running the query (LIMIT 0 plans it; nothing is sorted or read).
    const described = await client.query(`select * from (${literalSql}) t limit 0`);
    const fields = described.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
    const lines = new LineBatcher(fields, keyIndexes(fields, keyColumns), batchRows, budgetBytes);
    started = true;
    const stream = client.query(copyStreams.to(`copy (${literalSql}) to stdout`));
    let yielded = false;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      for (const batch of lines.push(chunk)) {
        yielded = true;
        yield batch;
      }
    }
    finished = true;
    // The last rows; or, for an empty result, one empty batch that still names the columns.
    const last = lines.end();
    if (last) yield last;
    else if (!yielded) yield new LineBatch(Buffer.alloc(0), [0], fields);
  }
  return { batches: batches(), abandoned: () => started && !finished };
}

/**
 * A batch of COPY's lines as rows, parsed with node-postgres's own type parsers (`parsers`: parsersOf the batch's
 * fields), so the rows are the ones a cursor would give.
 */
export function parsedBatch(batch: LineBatch, parsers: readonly ((text: string) => unknown)[]): RowBatch {
  const { fields } = batch;
  const rows = batch.lines.map((line) => {
    const cells = line.split('\t');
    const row: Record<string, unknown> = {};
    for (let index = 0; index < fields.length; index += 1) row[fields[index]!.name] = copyValue(cells[index]!, parsers[index]!);
    return row;
  });
  return { rows, fields, keyAt: (index) => batch.keyAt(index) };
}

/** One cell of COPY's text as node-postgres would parse it; only text with an escape is unescaped (most has none). */
export const copyValue = (cell: string, parse: (text: string) => unknown): unknown =>
  cell === '\\N' ? null : parse(cell.includes('\\') ? unescapeCopyText(cell) : cell);

/** Writes each `?` parameter into the SQL as a literal (research SQL uses `?` for nothing else). */
export function withLiterals(sql: string, params: readonly unknown[], client: { escapeLiteral(text: string): string }): string {
  let index = 0;
  return sql.replace(/\?/g, () => {
    if (index >= params.length) throw new Error('More placeholders than parameters');
    return literal(params[index++], client);
  });
}

function literal(value: unknown, client: { escapeLiteral(text: string): string }): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return client.escapeLiteral(String(value));
  }
  if (typeof value === 'bigint') return client.escapeLiteral(value.toString());
  if (typeof value === 'boolean') return client.escapeLiteral(value ? 'true' : 'false');
  if (typeof value === 'string') return client.escapeLiteral(value);
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) {
    // An array literal, as node-postgres sends an array parameter: {"a","b"} with " and \ escaped.
    const items = value.map((item) => (item === null || item === undefined ? 'NULL' : `"${String(item).replace(/[\\"]/g, (character) => `\\${character}`)}"`));
    return client.escapeLiteral(`{${items.join(',')}}`);
  }
  throw new Error(`Cannot write a ${typeof value} parameter into SQL`);
}
