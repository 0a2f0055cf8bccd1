import { restoreCellText } from '@serpwise/contracts';
import type { WarehouseRow } from '../warehouse/warehouse-row.js';
import { warehouseRowProblem } from '../warehouse/warehouse-row.js';
import { type ImportOptions, type ImportParser, type ParsedItem, WrongFileError } from './import-parser.js';
import { cell, csvRecords, delimiterOf, headerKey, parseNumber, textChunks } from './text-input.js';

/** Column names a plain SERP file may use (case, spaces and punctuation do not matter). */
const columnAliases = {
  keyword: ['keyword', 'query', 'term', 'search term', 'search query'],
  territory: ['territory', 'country', 'country code', 'countrycode', 'location', 'market'],
  date: ['date', 'day', 'observed on', 'observed_on', 'checked on'],
  position: ['position', 'rank', 'pos'],
  url: ['url', 'link', 'landing page', 'result url'],
  title: ['title', 'page title'],
  volume: ['volume', 'search volume', 'searches'],
  cpc: ['cpc'],
  competition: ['competition'],
  difficulty: ['difficulty', 'keyword difficulty', 'kd'],
  clicks: ['clicks'],
  impressions: ['impressions'],
} as const;
type Column = keyof typeof columnAliases;

const what = 'a SERP file (CSV or JSON lines with keyword, position and url)';

function columnIndexes(header: string[]): Partial<Record<Column, number>> {
  const keys = header.map(headerKey);
  const indexes: Partial<Record<Column, number>> = {};
  for (const [column, aliases] of Object.entries(columnAliases) as [Column, readonly string[]][]) {
    const index = keys.findIndex((key) => aliases.some((alias) => headerKey(alias) === key));
    if (index >= 0) indexes[column] = index;
  }
  return indexes;
}

const numberOrProblem = (name: string, text: string, problems: string[]) => {
  const value = parseNumber(text);
  if (Number.isNaN(value)) problems.push(`The ${name} "${text}" is not a number.`);
  return value === null || Number.isNaN(value) ? null : value;
};

/** One record as a warehouse row, or the first problem with it. */
function toRow(values: Partial<Record<Column, string>>, options: ImportOptions): { row: WarehouseRow } | { problem: string } {
  const problems: string[] = [];
  const territoryText = (values.territory ?? '').trim().toUpperCase();
  const row: WarehouseRow = {
    // A Serpwise history export neutralised formula-like text with an apostrophe; read back, it is the text again.
    keyword: restoreCellText(values.keyword ?? ''),
    territory: territoryText === 'GB' ? 'UK' : territoryText || options.territory,
    date: (values.date ?? '').trim().slice(0, 10) || options.date || '',
    position: numberOrProblem('position', values.position ?? '', problems),
    url: (values.url ?? '').trim() || null,
    title: restoreCellText((values.title ?? '').trim()) || null,
    volume: numberOrProblem('volume', values.volume ?? '', problems),
    cpc: numberOrProblem('cpc', values.cpc ?? '', problems),
    competition: numberOrProblem('competition', values.competition ?? '', problems),
    difficulty: numberOrProblem('difficulty', values.difficulty ?? '', problems),
    clicks: numberOrProblem('clicks', values.clicks ?? '', problems),
    impressions: numberOrProblem('impressions', values.impressions ?? '', problems),
  };
  if (!row.date && !options.date) return { problem: 'The date is missing (the file has no date column: give the date of the results).' };
  const problem = problems[0] ?? warehouseRowProblem(row);
  return problem ? { problem } : { row };
}

function requireColumns(found: Partial<Record<Column, unknown>>, headerText: string) {
  const missing = (['keyword', 'position', 'url'] as const).filter((column) => found[column] === undefined);
  if (missing.length) {
    throw new WrongFileError(`This is not ${what}: the columns ${missing.join(', ')} are missing (the first line reads "${headerText.slice(0, 120)}").`);
  }
}

/**
 * A plain SERP file: CSV with a header naming at least keyword, position and url (territory, date, title and the
 * keyword's numbers optional; `Rank`/`Link` accepted), or JSON lines with the same keys. Territory and date fall
 * back to what the user chose.
 */
export const parseSerpFile: ImportParser = async function* (input, options): AsyncGenerator<ParsedItem> {
  const text = textChunks(input, what);
  const first = await text.next();
  if (first.done) throw new WrongFileError(`The file is empty: it is not ${what}.`);
  const head = first.value.replace(/^\uFEFF/, '');
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
  let columns: [Column, number][] | null = null;
  for await (const record of csvRecords(rest(), delimiterOf(headerLine))) {
    if (!indexes) {
      indexes = columnIndexes(record.fields);
      requireColumns(indexes, headerLine);
      columns = Object.entries(indexes) as [Column, number][];
      continue;
    }
    const values: Partial<Record<Column, string>> = {};
    for (const [column, index] of columns!) values[column] = cell(record.fields, index);
    const result = toRow(values, options);
    yield 'row' in result ? { line: record.line, row: result.row } : { line: record.line, problem: result.problem };
  }
  if (!indexes) throw new WrongFileError(`The file is empty: it is not ${what}.`);
};

async function* jsonLines(text: AsyncIterable<string>, options: ImportOptions): AsyncGenerator<ParsedItem> {
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
    const result = toRow(values, options);
    return 'row' in result ? { line, row: result.row } : { line, problem: result.problem };
  };
  for await (const chunk of text) {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const item = handle(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      if (item) yield item;
    }
  }
  const item = handle(buffer);
  if (item) yield item;
}
