import { hostOfText } from '@serpwise/contracts';
import { Unzip, UnzipInflate } from 'fflate';
import { domainOfUrl, warehouseRowProblem, type WarehouseRow } from '../warehouse/warehouse-row.js';
import { type ImportOptions, type ImportParser, type ParsedItem, WrongFileError } from './import-parser.js';
import { cell, csvRecords, headerKey, parseNumber, textChunks, type CsvRecord } from './text-input.js';

const what = 'a Google Search Console Performance export (its ZIP, or its queries CSV)';

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

interface GscTables {
  queries?: CsvRecord[];
  pages?: CsvRecord[];
  filters?: CsvRecord[];
  dates?: CsvRecord[];
}

async function recordsOf(text: AsyncIterable<string>): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  for await (const record of csvRecords(text)) records.push(record);
  return records;
}

function tableOf(records: CsvRecord[], fileName: string): Table | null {
  const first = headerKey(records[0]?.fields[0] ?? '');
  for (const [table, headers] of Object.entries(tableHeaders) as [Table, readonly string[]][]) if (headers.includes(first)) return table;
  // A header in a language not listed: tell the tables apart by their file names and contents.
  const name = headerKey(fileName.replace(/\.csv$/i, ''));
  if (records.length > 1 && /^https?:\/\//.test(records[1]!.fields[0] ?? '')) return 'pages';
  if (records.length > 1 && /^\d{4}-\d{2}-\d{2}$/.test(records[1]!.fields[0] ?? '')) return 'dates';
  if (['queries', 'query'].includes(name)) return 'queries';
  return null;
}

/** Reads the archive's CSVs (streamed through the unzipper; each table is at most a few thousand lines). */
async function unzipTables(input: AsyncIterable<Uint8Array>): Promise<GscTables> {
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

const monthNumbers: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };

/** The last day of the export's date range: Filters' `Date` ("Mar 1, 2026-Mar 31, 2026" or ISO), else the daily table's last day. */
function endDateOf(tables: GscTables): string | null {
  for (const record of tables.filters?.slice(1) ?? []) {
    const value = record.fields[1] ?? '';
    const iso = value.match(/\d{4}-\d{2}-\d{2}/g);
    if (iso?.length) return iso.at(-1)!;
    const english = [...value.matchAll(/([A-Za-z]{3})[a-z]*\.? (\d{1,2}), (\d{4})/g)].at(-1);
    const month = english ? monthNumbers[english[1]!.toLowerCase()] : undefined;
    if (english && month) return `${english[3]}-${String(month).padStart(2, '0')}-${english[2]!.padStart(2, '0')}`;
  }
  const days = (tables.dates?.slice(1) ?? []).map((record) => record.fields[0] ?? '').filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day)).sort();
  return days.at(-1) ?? null;
}

/** The site: the domain the user gave, else the host most of the exported pages are on. */
function siteOf(tables: GscTables, options: ImportOptions): { domain: string; home: string } | null {
  const urls = (tables.pages?.slice(1) ?? []).map((record) => record.fields[0] ?? '');
  const given = options.domain ? hostOfText(options.domain) : null;
  const hosts = new Map<string, number>();
  for (const url of urls) {
    const host = domainOfUrl(url);
    if (host) hosts.set(host, (hosts.get(host) ?? 0) + 1);
  }
  const domain = given ?? [...hosts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!domain) return null;
  const sample = urls.find((url) => domainOfUrl(url) === domain);
  return { domain, home: sample ? `${new URL(sample).origin}/` : `https://${domain}/` };
}

function* queryRows(records: CsvRecord[], site: { home: string }, date: string, territory: string): Generator<ParsedItem> {
  for (const record of records.slice(1)) {
    const fields = record.fields;
    const [clicks = null, impressions = null, ctr = null, position = null] = [1, 2, 3, 4].map((index) => parseNumber(cell(fields, index)));
    const names = ['Clicks', 'Impressions', 'CTR', 'Position'];
    const bad = [clicks, impressions, ctr, position].findIndex((value) => Number.isNaN(value));
    if (bad >= 0) {
      yield { line: record.line, problem: `The ${names[bad]} "${cell(fields, bad + 1)}" is not a number.` };
      continue;
    }
    if (position === null) {
      yield { line: record.line, problem: 'The Position is empty.' };
      continue;
    }
    const row: WarehouseRow = {
      keyword: fields[0] ?? '',
      territory,
      date,
      // Search Console gives the average position over the range; the warehouse keeps whole positions.
      position: Math.max(1, Math.round(position)),
      url: site.home,
      clicks,
      impressions,
    };
    const problem = warehouseRowProblem(row);
    yield problem ? { line: record.line, problem } : { line: record.line, row };
  }
}

/**
 * A Search Console Performance export: the ZIP (Queries, Pages, Countries, Devices, Chart/Dates, Filters …) or its
 * queries CSV alone. Each query becomes a search result of the site's home page at the rounded average position,
 * with the real clicks and impressions, on the last day of the export's range (docs/decisions.md).
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
  const date = endDateOf(tables) ?? options.date ?? null;
  if (!date) throw new WrongFileError('The export does not say its date range (no Filters.csv or daily table): give the date of the data.');
  const site = siteOf(tables, options);
  if (!site) throw new WrongFileError('The export does not say which site it is about (no Pages.csv): give the site\'s domain.');
  yield* queryRows(tables.queries, site, date, options.territory);
};
