import { delimiterOf, hostOfText, importDetailMissing, withoutByteOrderMark } from '@serpwise/contracts';
import { Unzip, UnzipInflate } from 'fflate';
import type { SiteTrafficRow } from '../warehouse/site-traffic.js';
import { domainOfUrl, warehouseRowProblem, type WarehouseRow } from '../warehouse/warehouse-row.js';
import { daysOfText } from './month-names.js';
import { type DailyTotals, type RangeMonth, spreadOf, spreadTotal, type Spread } from './gsc-spread.js';
import { type ImportOptions, type ImportParser, type ParsedItem, WrongFileError } from './import-parser.js';
import { cell, csvRecords, dayOfCell, decideNumberStyles, headerKey, isExcelWorkbook, parseNumber, textChunks, type CsvRecord, type NumberKind, type NumberStyle } from './text-input.js';

const what = 'a Google Search Console Performance export (its ZIP, or its queries CSV)';

/** Search Console's "Download Excel" gives a workbook, which is no export of CSVs. */
export const excelWorkbookWords = `This is an Excel workbook (.xlsx), not ${what}: in Search Console choose Export, then "Download CSV", and upload the ZIP it gives.`;

/** First header cells of the export's tables, in the languages Search Console exports in (accents dropped). */
const tableHeaders = {
  queries: ['top queries', 'queries', 'query', 'haufigste suchanfragen', 'suchanfragen', 'requetes les plus frequentes', 'requetes', 'consultas principales',
    'consultas', 'query piu frequenti', 'principais consultas', 'populairste zoekopdrachten', 'zoekopdrachten', 'najczestsze zapytania'],
  pages: ['top pages', 'pages', 'page', 'haufigste seiten', 'seiten', 'pages les plus populaires', 'paginas principales', 'paginas', 'pagine piu frequenti',
    'principais paginas', 'populairste paginas', 'najczestsze strony'],
  filters: ['filter', 'filters', 'filtro', 'filtros', 'filtre', 'filtres', 'filtri'],
  dates: ['date', 'datum', 'fecha', 'data', 'dates'],
} as const;
type Table = keyof typeof tableHeaders;

/** Uncompressed bytes read from one archive at most (Search Console exports are 1,000 rows a table; this stops a ZIP bomb). */
const maxArchiveBytes = 64 * 1024 * 1024;

export interface GscTables {
  queries?: CsvRecord[];
  pages?: CsvRecord[];
  filters?: CsvRecord[];
  dates?: CsvRecord[];
}

/**
 * A table's records. Search Console writes commas; a table saved again by a spreadsheet in a German or French locale
 * has semicolons (its decimal commas would clash with commas): the delimiter is the header line's, as the inspection
 * reads it (delimiterOf).
 */
async function recordsOf(text: AsyncIterable<string>): Promise<CsvRecord[]> {
  let whole = '';
  for await (const chunk of text) whole += chunk;
  const header = withoutByteOrderMark(whole).split(/\r?\n/, 1)[0]!;
  const records: CsvRecord[] = [];
  async function* all() {
    yield whole;
  }
  for await (const record of csvRecords(all(), delimiterOf(header))) records.push(record);
  return records;
}

export function tableOf(records: CsvRecord[], fileName: string): Table | null {
  const first = headerKey(records[0]?.fields[0] ?? '');
  for (const [table, headers] of Object.entries(tableHeaders) as [Table, readonly string[]][]) if (headers.includes(first)) return table;
  // A header in a language not listed: tell the tables apart by their file names and contents.
  const name = headerKey(fileName.replace(/\.csv$/i, ''));
  if (records.length > 1 && /^https?:\/\//.test(records[1]!.fields[0] ?? '')) return 'pages';
  if (records.length > 1 && isoDay.test(dayOfCell(records[1]!.fields[0] ?? ''))) return 'dates';
  if (['queries', 'query'].includes(name)) return 'queries';
  return null;
}

/** Reads the archive's CSVs (streamed through the unzipper; each table is at most a few thousand lines). */
export async function unzipTables(input: AsyncIterable<Uint8Array>): Promise<GscTables> {
  const files: { name: string; chunks: Uint8Array[] }[] = [];
  let total = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    if (!/\.csv$/i.test(file.name) || file.name.startsWith('__MACOSX/')) return;
    const entry = { name: file.name.split('/').at(-1)!, chunks: [] as Uint8Array[] };
    files.push(entry);
    file.ondata = (error, data) => {
      if (error) failure = error;
      total += data?.length ?? 0;
      if (total > maxArchiveBytes) failure = new WrongFileError(`The archive unpacks to more than ${maxArchiveBytes / 1024 / 1024} MB: it is not ${what}.`);
      else if (data?.length) entry.chunks.push(data);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  let any = false;
  for await (const chunk of input) {
    any = true;
    unzip.push(chunk);
    if (failure) throw failure;
  }
  if (!any) throw new WrongFileError(`The file is empty: it is not ${what}.`);
  unzip.push(new Uint8Array(0), true);
  if (failure) throw failure;
  const tables: GscTables = {};
  for (const file of files) {
    async function* bytes() {
      yield* file.chunks;
    }
    const records = await recordsOf(textChunks(bytes(), what));
    const table = tableOf(records, file.name);
    if (table && !tables[table]) tables[table] = records;
  }
  return tables;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

interface DateRange {
  from: string;
  to: string;
}

/** A day written day first with full stops, as German, Dutch, Polish … exports and spreadsheets write it: 01.10.2026. */
const dottedDay = /\b\d{1,2}\.\d{1,2}\.\d{4}\b/g;

/**
 * The days a Filters.csv `Date` value names ("Apr 1, 2026-Sep 30, 2026", ISO days, or the same in German, French,
 * Spanish, Italian, Dutch or Portuguese: "1. Apr. 2026–30. Sept. 2026"), in order; none for "Last 3 months".
 */
function daysOfFilter(value: string): string[] {
  const iso = value.match(/\d{4}-\d{2}-\d{2}/g);
  if (iso?.length) return iso;
  const dotted = [...value.matchAll(dottedDay)].map((match) => dayOfCell(match[0]));
  return dotted.length ? dotted : daysOfText(value);
}


/**
 * How the export writes each of a table row's four numbers (clicks, impressions, CTR, position: 1,234 and 4.2% or
 * 1.234 and 4,2 %), decided once from all its tables' rows (number-style.ts); the queries header's language breaks a
 * tie: English reads 1,234.56, German, French, Italian, Portuguese, Dutch and Polish 1.234,56, Spanish neither.
 */
export function numberStylesOf(tables: GscTables): NumberStyle[] {
  const rows = [tables.queries, tables.pages, tables.dates].flatMap((table) => table?.slice(1) ?? []);
  const kinds: NumberKind[] = ['count', 'count', 'decimal', 'decimal'];
  const header = headerKey(tables.queries?.[0]?.fields[0] ?? '');
  const hint: NumberStyle | null = ['top queries', 'queries', 'query'].includes(header) ? 'point' : /^consultas/.test(header) || !header ? null : 'comma';
  return decideNumberStyles(kinds.map((kind, index) => ({ kind, values: rows.map((row) => cell(row.fields, index + 1)) })), hint);
}

/**
 * Why a queries table is one Search Console does not export for one range, or null. With "Compare" on, the export
 * has each number twice ('Last 28 days Clicks', 'Previous 28 days Clicks', … nine columns): read as one range, the
 * previous period's clicks would land as this one's impressions. A column's last word repeated (the number's name,
 * or the period's in a language that names it last) says so, whatever the language.
 */
export function comparisonProblem(header: readonly string[]): string | null {
  const lastWords = header.slice(1).map((name) => headerKey(name).split(' ').at(-1)).filter(Boolean);
  if (new Set(lastWords).size === lastWords.length) return null;
  return `This Search Console export compares two date ranges (its queries table has ${header.length} columns, each number twice): `
    + 'export one date range without "Compare" (a queries table of 5 columns: query, clicks, impressions, CTR, position) and upload that.';
}

/** The export's daily table: a day's clicks and impressions (rows that are not a day with numbers are left out). */
function dailyOf(tables: GscTables, styles = numberStylesOf(tables)): DailyTotals[] | null {
  if (!tables.dates) return null;
  const days: DailyTotals[] = [];
  for (const record of tables.dates.slice(1)) {
    const [text = '', clicks, impressions] = record.fields.map((field) => field.trim());
    const day = dayOfCell(text);
    const numbers = [parseNumber(clicks, styles[0]), parseNumber(impressions, styles[1])];
    if (isoDay.test(day) && numbers.every((value) => value !== null && Number.isFinite(value))) days.push({ day, clicks: numbers[0]!, impressions: numbers[1]! });
  }
  return days.length ? days.sort((a, b) => (a.day < b.day ? -1 : 1)) : null;
}

/** The date range the export says itself: Filters' `Date`, else the daily table's first and last days (the form pre-fills it). */
export function rangeOfGscTables(tables: GscTables, daily = dailyOf(tables)): DateRange | null {
  for (const record of tables.filters?.slice(1) ?? []) {
    const days = daysOfFilter(record.fields[1] ?? '');
    if (days.length) return { from: days[0]!, to: days.at(-1)! };
  }
  return daily ? { from: daily[0]!.day, to: daily.at(-1)!.day } : null;
}

/**
 * The export's date range: its own (rangeOfGscTables), else the range the user gave, else the one day the user gave
 * (the file's own answer first, docs/decisions.md).
 */
function rangeOf(tables: GscTables, daily: DailyTotals[] | null, options: ImportOptions): DateRange | null {
  const own = rangeOfGscTables(tables, daily);
  if (own) return own;
  if (options.dateFrom && options.dateTo) return { from: options.dateFrom, to: options.dateTo };
  if (options.date) return { from: options.date, to: options.date };
  return null;
}

function validRange(range: DateRange): boolean {
  const valid = (day: string) => isoDay.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
  return valid(range.from) && valid(range.to) && range.from <= range.to;
}

/** The site: the domain the user gave, else the host most of the exported pages are on. */
export function siteOf(tables: GscTables, options: ImportOptions): string | null {
  const hosts = new Map<string, number>();
  for (const record of tables.pages?.slice(1) ?? []) {
    const host = domainOfUrl(record.fields[0] ?? '');
    if (host) hosts.set(host, (hosts.get(host) ?? 0) + 1);
  }
  return (options.domain ? hostOfText(options.domain) : null) ?? [...hosts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

const numberNames = ['Clicks', 'Impressions', 'CTR', 'Position'];

/** A table row's four numbers (clicks, impressions, CTR, position), or why they are not numbers. */
function numbersOf(fields: string[], styles: readonly NumberStyle[]): { clicks: number | null; impressions: number | null; position: number } | { problem: string } {
  const values = [1, 2, 3, 4].map((index) => parseNumber(cell(fields, index), styles[index - 1]));
  const bad = values.findIndex((value) => Number.isNaN(value));
  if (bad >= 0) return { problem: `The ${numberNames[bad]} "${cell(fields, bad + 1)}" is not a number.` };
  const [clicks = null, impressions = null, , position = null] = values;
  if (position === null) return { problem: 'The Position is empty.' };
  return { clicks, impressions, position };
}

/** One month of a record's spread: the month, and its share of the record's clicks and impressions. */
interface MonthShare {
  month: RangeMonth;
  clicks: number | null;
  impressions: number | null;
}

/**
 * A table's records (Queries, Pages), each with its numbers and its months: every month of the spread with a click or
 * an impression, else (nothing at all) the last one; or the record's problem (`problemOf` first, then its numbers).
 */
function* spreadRecords(records: CsvRecord[], spread: Spread, styles: readonly NumberStyle[], problemOf: (record: CsvRecord) => string | null = () => null):
  Generator<{ record: CsvRecord; problem: string } | { record: CsvRecord; problem?: undefined; position: number; months: MonthShare[] }> {
  for (const record of records.slice(1)) {
    const numbers = numbersOf(record.fields, styles);
    const problem = problemOf(record) ?? ('problem' in numbers ? numbers.problem : null);
    if (problem !== null || 'problem' in numbers) {
      yield { record, problem: problem! };
      continue;
    }
    const clicks = spreadTotal(numbers.clicks, spread, 'clicks');
    const impressions = spreadTotal(numbers.impressions, spread, 'impressions');
    const months = spread.months.map((month, index) => ({ month, clicks: clicks[index]!, impressions: impressions[index]! }));
    const withData = months.filter((share) => (share.clicks ?? 0) > 0 || (share.impressions ?? 0) > 0);
    yield { record, position: numbers.position, months: withData.length ? withData : months.slice(-1) };
  }
}

/**
 * Each query as the site's result at its average position (rounded, at least 1) on a page the export does not say
 * (`site` instead of `url`), one row per month of the spread with that month's share of its clicks and impressions,
 * dated the range's last day in the month. The months after the first are the same row of the file (`fileRow`).
 */
function* queryRows(records: CsvRecord[], site: string, spread: Spread, styles: readonly NumberStyle[], territory: string): Generator<ParsedItem> {
  for (const spreadRecord of spreadRecords(records, spread, styles)) {
    const { record } = spreadRecord;
    if (spreadRecord.problem !== undefined) {
      yield { line: record.line, problem: spreadRecord.problem };
      continue;
    }
    const rows = spreadRecord.months.map(({ month, clicks, impressions }): WarehouseRow => ({
      keyword: record.fields[0] ?? '',
      territory,
      date: month.lastDay,
      position: Math.max(1, Math.round(spreadRecord.position)),
      site,
      clicks,
      impressions,
    }));
    // A row of the file lands whole or is rejected whole.
    const problem = rows.map(warehouseRowProblem).find((text) => text !== null);
    if (problem) yield { line: record.line, problem };
    else yield* rows.map((row, index): ParsedItem => ({ line: record.line, row, ...(index ? { fileRow: 'same' as const } : {}) }));
  }
}

/** Each page of the site with its own clicks and impressions per month of the spread, and its average position. */
function* pageRows(records: CsvRecord[], site: string, spread: Spread, styles: readonly NumberStyle[], territory: string): Generator<ParsedItem> {
  const urlOf = (record: CsvRecord) => (record.fields[0] ?? '').trim();
  const notOnSite = (record: CsvRecord) =>
    domainOfUrl(urlOf(record)) === site ? null : `The page "${urlOf(record).slice(0, 200)}" is not an http(s) address on ${site}.`;
  for (const spreadRecord of spreadRecords(records, spread, styles, notOnSite)) {
    const { record } = spreadRecord;
    if (spreadRecord.problem !== undefined) {
      yield { line: record.line, problem: spreadRecord.problem };
      continue;
    }
    for (const [index, { month, clicks, impressions }] of spreadRecord.months.entries()) {
      const traffic: SiteTrafficRow = { site, url: urlOf(record), territory, month: month.month, clicks, impressions, position: spreadRecord.position };
      yield { line: record.line, traffic, ...(index ? { fileRow: 'same' as const } : {}) };
    }
  }
}

/** The whole site per month, from the daily table: the month's clicks and impressions, its impression-weighted position. */
function* siteRows(daily: DailyTotals[], positions: Map<string, number>, site: string, spread: Spread, territory: string): Generator<ParsedItem> {
  for (const month of spread.months) {
    const days = daily.filter((day) => day.day.slice(0, 7) === month.month.slice(0, 7) && day.day <= month.lastDay);
    if (!days.length) continue;
    const weighted = days.reduce((sum, day) => sum + day.impressions * (positions.get(day.day) ?? 0), 0);
    const clicks = days.reduce((sum, day) => sum + day.clicks, 0);
    const impressions = days.reduce((sum, day) => sum + day.impressions, 0);
    const position = impressions > 0 && days.every((day) => positions.has(day.day)) ? Math.round((100 * weighted) / impressions) / 100 : null;
    const traffic: SiteTrafficRow = { site, url: null, territory, month: month.month, clicks, impressions, position };
    // Added up from the daily table: no row of the file of its own.
    yield { line: 0, traffic, fileRow: 'none' };
  }
}

/** The daily table's positions by day. */
function dailyPositions(tables: GscTables, styles: readonly NumberStyle[]): Map<string, number> {
  const positions = new Map<string, number>();
  for (const record of tables.dates?.slice(1) ?? []) {
    const position = parseNumber(cell(record.fields, 4), styles[3]);
    if (position !== null && Number.isFinite(position)) positions.set(dayOfCell(record.fields[0] ?? ''), position);
  }
  return positions;
}

/**
 * A Search Console Performance export: the ZIP (Queries, Pages, Countries, Devices, Chart/Dates, Filters …) or its
 * queries CSV alone. The range's totals are spread over its months (gsc-spread.ts; `options.onSpread` is told how).
 * Each query becomes the site's result at the rounded average position with its real clicks and impressions, on a
 * page the export does not say; each page of Pages.csv and (with a daily table) the whole site get their own
 * monthly clicks and impressions (docs/decisions.md, issue 19). Numbers are read in the export's own style (4.2% or
 * 4,2 %), decided once from all its tables (numberStylesOf).
 */
export const parseGscExport: ImportParser = async function* (input, options, fileName): AsyncGenerator<ParsedItem> {
  const iterator = input[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done || !first.value.length) throw new WrongFileError(`The file is empty: it is not ${what}.`);
  const all = async function* () {
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  };
  const bytes = first.value;
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  let tables: GscTables;
  if (isZip && isExcelWorkbook(bytes)) throw new WrongFileError(excelWorkbookWords);
  if (isZip) tables = await unzipTables(all());
  else {
    const records = await recordsOf(textChunks(all(), what));
    const table = tableOf(records, fileName);
    if (table !== 'queries') {
      throw new WrongFileError(`This is not ${what}: its first line should start with "Top queries" (it reads "${(records[0]?.fields ?? []).join(',').slice(0, 120)}").`);
    }
    tables = { queries: records };
  }
  if (!tables.queries) throw new WrongFileError(`This is not ${what}: the archive has no queries table (Queries.csv).`);
  const header = tables.queries[0]?.fields ?? [];
  if (header.length < 5) throw new WrongFileError(`This is not ${what}: the queries table should have 5 columns (query, clicks, impressions, CTR, position).`);
  const comparison = comparisonProblem(header);
  if (comparison) throw new WrongFileError(comparison);
  const styles = numberStylesOf(tables);
  const daily = dailyOf(tables, styles);
  const range = rangeOf(tables, daily, options);
  if (!range) throw new WrongFileError(importDetailMissing('gsc', 'dateRange'));
  if (!validRange(range)) throw new WrongFileError(`The date range ${range.from} to ${range.to} is not a range of days (YYYY-MM-DD, the first not after the last).`);
  const site = siteOf(tables, options);
  if (!site) throw new WrongFileError(importDetailMissing('gsc', 'site'));
  const spread = spreadOf(range.from, range.to, daily);
  options.onSpread?.(spread.kind);
  yield* queryRows(tables.queries, site, spread, styles, options.territory);
  if (tables.pages) yield* pageRows(tables.pages, site, spread, styles, options.territory);
  if (daily) yield* siteRows(daily, dailyPositions(tables, styles), site, spread, options.territory);
};
