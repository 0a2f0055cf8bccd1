import { restoreCellText } from '@serpwise/contracts';
import type { WarehouseRow } from '../warehouse/warehouse-row.js';
import { warehouseRowProblem } from '../warehouse/warehouse-row.js';
import { type ImportBatchParser, type ImportOptions, type ImportParser, oneByOne, type ParsedItem, WrongFileError } from './import-parser.js';
import { cell, csvRecordBatches, dayOfCell, decideNumberStyles, delimiterOf, headerKey, numberSampleRecords, pageUrlOfCell, parseDollars, parseNumber, separatorLine, textChunks, type CsvRecord, type NumberKind, type NumberStyle } from './text-input.js';

/** Column names a plain SERP file may use (case, spaces and punctuation do not matter). */
const columnAliases = {
  keyword: ['keyword', 'query', 'term', 'search term', 'search query'],
  territory: ['territory', 'country', 'country code', 'countrycode', 'location', 'market'],
  date: ['date', 'day', 'observed on', 'observed_on', 'checked on'],
  // 'Current position' and 'Current URL': an Ahrefs-style organic keywords export.
  position: ['position', 'rank', 'pos', 'current position'],
  url: ['url', 'link', 'landing page', 'result url', 'current url'],
  title: ['title', 'page title'],
  volume: ['volume', 'search volume', 'searches'],
  cpc: ['cpc'],
  competition: ['competition'],
  difficulty: ['difficulty', 'keyword difficulty', 'kd'],
  clicks: ['clicks'],
  impressions: ['impressions'],
  // The site of a result whose page is not known (a Search Console query in the full-history export).
  site: ['site'],
} as const;
type Column = keyof typeof columnAliases;

const what = 'a SERP file (CSV or JSON lines with keyword, position and url)';

/** The column of each known name in a header (case, spaces and punctuation do not matter). */
export function columnIndexes(header: string[]): Partial<Record<Column, number>> {
  const keys = header.map(headerKey);
  const indexes: Partial<Record<Column, number>> = {};
  for (const [column, aliases] of Object.entries(columnAliases) as [Column, readonly string[]][]) {
    const index = keys.findIndex((key) => aliases.some((alias) => headerKey(alias) === key));
    if (index >= 0) indexes[column] = index;
  }
  return indexes;
}

/** The numeric columns and what kind each is (a count never has a fraction: number-style.ts). */
const numberKinds = { position: 'count', volume: 'count', cpc: 'decimal', competition: 'decimal', difficulty: 'count', clicks: 'count', impressions: 'count' } as const satisfies Partial<Record<Column, NumberKind>>;
type NumberColumn = keyof typeof numberKinds;
type NumberStyles = Record<NumberColumn, NumberStyle>;

/** JSON lines write numbers as JSON does (1234.5). */
const jsonStyles = Object.fromEntries(Object.keys(numberKinds).map((name) => [name, 'point'])) as NumberStyles;

/** The style each numeric column of a CSV is written in (1,234.56 or 1.234,56), from its first rows. */
function numberStyles(rows: string[][], indexes: Partial<Record<Column, number>>): NumberStyles {
  const names = Object.keys(numberKinds) as NumberColumn[];
  const styles = decideNumberStyles(names.map((name) => ({ kind: numberKinds[name], values: rows.map((fields) => cell(fields, indexes[name])) })));
  return Object.fromEntries(names.map((name, position) => [name, styles[position]!])) as NumberStyles;
}

/** A number cell in its column's style: null when empty, NaN when not a number (toRow names the first such). */
const numberOf = (name: NumberColumn, text: string | undefined, styles: NumberStyles) => parseNumber(text ?? '', styles[name]);
/** A CPC cell: dollars with or without their sign; null in another currency (parseDollars). */
const cpcOf = (text: string | undefined, styles: NumberStyles) => parseDollars(text ?? '', styles.cpc);
/** A competition cell: 0 to 1, or a percentage ('12.5%' is 0.125). */
function competitionOf(text: string | undefined, styles: NumberStyles): number | null {
  const value = numberOf('competition', text, styles);
  return value !== null && text!.trimEnd().endsWith('%') ? value / 100 : value;
}
const known = (value: number | null) => (value === null || Number.isNaN(value) ? null : value);
const notANumber = (name: NumberColumn, value: number | null, text: string | undefined) =>
  (value !== null && Number.isNaN(value) ? `The ${name} "${text ?? ''}" is not a number.` : null);

/**
 * One record as a warehouse row, or the first problem with it. Runs for every row of a file: no temporary arrays or
 * closures (a million rows' worth of them was a good part of the parser's garbage).
 */
function toRow(values: Partial<Record<Column, string>>, options: ImportOptions, styles: NumberStyles): { row: WarehouseRow } | { problem: string } {
  const position = numberOf('position', values.position, styles);
  const volume = numberOf('volume', values.volume, styles);
  const cpc = cpcOf(values.cpc, styles);
  const competition = competitionOf(values.competition, styles);
  const difficulty = numberOf('difficulty', values.difficulty, styles);
  const clicks = numberOf('clicks', values.clicks, styles);
  const impressions = numberOf('impressions', values.impressions, styles);
  const territoryText = (values.territory ?? '').trim().toUpperCase();
  const row: WarehouseRow = {
    // A Serpwise history export neutralised formula-like text with an apostrophe; read back, it is the text again.
    keyword: restoreCellText(values.keyword ?? ''),
    territory: territoryText === 'GB' ? 'UK' : territoryText || options.territory,
    date: dayOfCell(values.date ?? '') || options.date || '',
    position: known(position),
    url: pageUrlOfCell(values.url ?? ''),
    title: restoreCellText((values.title ?? '').trim()) || null,
    volume: known(volume),
    cpc: known(cpc),
    competition: known(competition),
    difficulty: known(difficulty),
    clicks: known(clicks),
    impressions: known(impressions),
  };
  // A result whose page is not known names its site instead (the full-history export of a Search Console query).
  const site = (values.site ?? '').trim().toLowerCase();
  if (!row.url && site) row.site = site;
  if (!row.date && !options.date) {
    return { problem: values.date === undefined ? 'The date is missing (the file has no date column: give the date of the results).' : 'The date is empty.' };
  }
  // The first number that is not one, in the row's order.
  const problem = notANumber('position', position, values.position) ?? notANumber('volume', volume, values.volume) ?? notANumber('cpc', cpc, values.cpc)
    ?? notANumber('competition', competition, values.competition) ?? notANumber('difficulty', difficulty, values.difficulty)
    ?? notANumber('clicks', clicks, values.clicks) ?? notANumber('impressions', impressions, values.impressions)
    ?? warehouseRowProblem(row);
  return problem ? { problem } : { row };
}

/** Refuses a header without the columns every row needs. */
export function requireColumns(found: Partial<Record<Column, unknown>>, headerText: string) {
  const missing = (['keyword', 'position', 'url'] as const).filter((column) => found[column] === undefined);
  if (missing.length) {
    throw new WrongFileError(`This is not ${what}: the columns ${missing.join(', ')} are missing (the first line reads "${headerText.slice(0, 120)}").`);
  }
}

/**
 * A plain SERP file: CSV with a header naming at least keyword, position and url (territory, date, title and the
 * keyword's numbers optional; `Rank`/`Link` accepted), or JSON lines with the same keys. Territory and date fall
 * back to what the user chose. A CSV's numbers are read in its own style (1,234.56 or 1.234,56), decided per column
 * from its first rows. Yields the records a chunk of the file at a time (ImportBatchParser).
 */
export const parseSerpFileBatches: ImportBatchParser = async function* (input, options): AsyncGenerator<ParsedItem[]> {
  const text = textChunks(input, what);
  const first = await text.next();
  if (first.done) throw new WrongFileError(`The file is empty: it is not ${what}.`);
  const declared = separatorLine(first.value);
  const head = declared ? declared.body : first.value.replace(/^\uFEFF/, '');
  const rest = async function* () {
    yield head;
    yield* text;
  };
  if (head.trimStart().startsWith('{')) {
    yield* jsonLines(rest(), options);
    return;
  }
  const headerLine = head.split(/\r?\n/, 1)[0]!;
  let indexes: Partial<Record<Column, number>> | null = null;
  let columns: [Column, number][] = [];
  let styles: NumberStyles | null = null;
  // The rows the number style is decided from, held until there are enough (or the file ends).
  let sample: CsvRecord[] = [];
  const itemsOf = (records: readonly CsvRecord[], decided: NumberStyles): ParsedItem[] =>
    records.map((record) => {
      const values: Partial<Record<Column, string>> = {};
      for (const [column, index] of columns) values[column] = cell(record.fields, index);
      const result = toRow(values, options, decided);
      return 'row' in result ? { line: record.line, row: result.row } : { line: record.line, problem: result.problem };
    });
  for await (const records of csvRecordBatches(rest(), declared?.delimiter ?? delimiterOf(headerLine), declared ? 2 : 1)) {
    let batch = records;
    if (!indexes) {
      // The header first (a wrong file is refused for what it is), then the rows the number style is decided from.
      const [header, ...body] = batch;
      if (!header) continue;
      indexes = columnIndexes(header.fields);
      requireColumns(indexes, headerLine);
      columns = Object.entries(indexes) as [Column, number][];
      batch = body;
    }
    if (!styles) {
      sample.push(...batch);
      if (sample.length < numberSampleRecords) continue;
      styles = numberStyles(sample.map((record) => record.fields), indexes);
      batch = sample;
      sample = [];
    }
    const items = itemsOf(batch, styles);
    if (items.length) yield items;
  }
  if (!indexes) throw new WrongFileError(`The file is empty: it is not ${what}.`);
  if (!styles && sample.length) yield itemsOf(sample, numberStyles(sample.map((record) => record.fields), indexes));
};

/** The same records one by one. */
export const parseSerpFile: ImportParser = oneByOne(parseSerpFileBatches);

async function* jsonLines(text: AsyncIterable<string>, options: ImportOptions): AsyncGenerator<ParsedItem[]> {
  let buffer = '';
  let line = 0;
  let checked = false;
  const handle = (raw: string): ParsedItem | null => {
    line++;
    if (!raw.trim()) return null;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      if (!checked) throw new WrongFileError(`This is not ${what}: line 1 is not valid JSON.`);
      return { line, problem: 'The line is not valid JSON.' };
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { line, problem: 'The line is not a JSON object.' };
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    const indexes = columnIndexes(keys);
    if (!checked) {
      requireColumns(indexes, raw);
      checked = true;
    }
    const values = Object.fromEntries(Object.entries(indexes).map(([column, index]) => {
      const field = record[keys[index]!];
      return [column, field === null || field === undefined ? '' : String(field)];
    })) as Partial<Record<Column, string>>;
    const result = toRow(values, options, jsonStyles);
    return 'row' in result ? { line, row: result.row } : { line, problem: result.problem };
  };
  for await (const chunk of text) {
    buffer += chunk;
    const items: ParsedItem[] = [];
    let newline: number;
    let from = 0;
    while ((newline = buffer.indexOf('\n', from)) >= 0) {
      const item = handle(buffer.slice(from, newline));
      from = newline + 1;
      if (item) items.push(item);
    }
    buffer = buffer.slice(from);
    if (items.length) yield items;
  }
  const item = handle(buffer);
  if (item) yield [item];
}
