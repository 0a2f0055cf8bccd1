import { warehouseRowProblem, type WarehouseRow } from '../warehouse/warehouse-row.js';
import { type ImportParser, type ParsedItem, WrongFileError } from './import-parser.js';
import { cell, csvRecords, dayOfCell, decideNumberStyles, delimiterOf, headerKey, lookAhead, numberSampleRecords, pageUrlOfCell, parseDollars, parseNumber, separatorLine, textChunks, type NumberKind, type NumberStyle } from './text-input.js';

const what = 'an Organic Positions export (Keyword, Position, Search Volume, URL … columns)';

/**
 * The header names of each column read (headerKey: case, spaces and punctuation do not matter): Semrush's
 * "Organic Positions" names first, then an Ahrefs-style "Organic keywords" export's ('Current position', 'Current
 * URL', 'Volume', 'KD'), whose other columns (traffic, SERP features, intents) are the tool's own and not read.
 */
const columns = {
  keyword: ['keyword'],
  position: ['position', 'current position'],
  volume: ['search volume', 'volume'],
  difficulty: ['keyword difficulty', 'kd'],
  cpc: ['cpc'],
  url: ['url', 'current url'],
  competition: ['competition'],
  resultCount: ['number of results'],
  timestamp: ['timestamp'],
} as const;

/** The column of each name in the header (-1 when absent); refuses a header without the columns every row needs. */
export function organicColumns(fields: string[], headerLine: string): Record<keyof typeof columns, number> {
  const keys = fields.map(headerKey);
  const index = Object.fromEntries(Object.entries(columns).map(([name, headers]) => [name, keys.findIndex((key) => (headers as readonly string[]).includes(key))])) as Record<keyof typeof columns, number>;
  const missing = (['keyword', 'position', 'volume', 'url'] as const).filter((name) => index[name] < 0).map((name) => columns[name][0]);
  if (missing.length) throw new WrongFileError(`This is not ${what}: the columns ${missing.join(', ')} are missing (the first line reads "${headerLine.slice(0, 120)}").`);
  return index;
}

/** The numbers read, and what kind each is (a count never has a fraction: number-style.ts). */
const numberKinds = { position: 'count', volume: 'count', difficulty: 'count', cpc: 'decimal', competition: 'decimal', resultCount: 'count' } as const satisfies Record<string, NumberKind>;
type NumberColumn = keyof typeof numberKinds;

/** The style each number column is written in (1,234.56 or 1.234,56), from the first rows. */
function numberStyles(rows: string[][], index: Record<keyof typeof columns, number>): Record<NumberColumn, NumberStyle> {
  const names = Object.keys(numberKinds) as NumberColumn[];
  const styles = decideNumberStyles(names.map((name) => ({ kind: numberKinds[name], values: rows.map((fields) => cell(fields, index[name])) })));
  return Object.fromEntries(names.map((name, position) => [name, styles[position]!])) as Record<NumberColumn, NumberStyle>;
}

/**
 * An "Organic Positions" export of a commercial SEO tool: one domain's keywords with position, URL, volume,
 * difficulty, CPC, competition and results count; `Timestamp` (YYYY-MM-DD) is the day of the result, else the date
 * the user gave. Traffic estimates and the relative `Trends` are the tool's own numbers and are not imported. Numbers
 * are read in the file's own style (1,234.56 or 1.234,56), decided per column from its first rows.
 */
export const parseOrganicPositions: ImportParser = async function* (input, options): AsyncGenerator<ParsedItem> {
  const text = textChunks(input, what);
  const first = await text.next();
  if (first.done) throw new WrongFileError(`The file is empty: it is not ${what}.`);
  const declared = separatorLine(first.value);
  const head = declared ? declared.body : first.value;
  const headerLine = head.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0]!;
  const rest = async function* () {
    yield head;
    yield* text;
  };
  const records = csvRecords(rest(), declared?.delimiter ?? delimiterOf(headerLine), declared ? 2 : 1);
  const header = await records.next();
  if (header.done) throw new WrongFileError(`The file is empty: it is not ${what}.`);
  // The header first (a wrong file is refused for what it is), then the rows the number style is decided from.
  const index = organicColumns(header.value.fields, headerLine);
  const { head: sample, all } = await lookAhead(records, numberSampleRecords);
  const styles = numberStyles(sample.map((row) => row.fields), index);
  for await (const record of all) {
    const fields = record.fields;
    const numbers = { position: 0, volume: 0, difficulty: 0, cpc: 0, competition: 0, resultCount: 0 } as Record<string, number | null>;
    let problem: string | null = null;
    for (const name of Object.keys(numbers)) {
      const raw = cell(fields, index[name as keyof typeof columns]);
      const value = name === 'cpc' ? parseDollars(raw, styles.cpc) : parseNumber(raw, styles[name as NumberColumn]);
      if (Number.isNaN(value)) problem ??= `The ${columns[name as keyof typeof columns][0]} "${raw}" is not a number.`;
      numbers[name] = value === null || Number.isNaN(value) ? null : value;
    }
    const row: WarehouseRow = {
      keyword: cell(fields, index.keyword),
      territory: options.territory,
      date: dayOfCell(cell(fields, index.timestamp)) || options.date || '',
      position: numbers.position,
      url: pageUrlOfCell(cell(fields, index.url)),
      volume: numbers.volume,
      difficulty: numbers.difficulty,
      cpc: numbers.cpc,
      competition: numbers.competition,
      resultCount: numbers.resultCount,
    };
    if (!row.date) problem ??= 'The Timestamp is empty and no date was given for the file.';
    problem ??= warehouseRowProblem(row);
    yield problem ? { line: record.line, problem } : { line: record.line, row };
  }
};
