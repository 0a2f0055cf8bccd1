import { warehouseRowProblem, type WarehouseRow } from '../warehouse/warehouse-row.js';
import { type ImportParser, type ParsedItem, WrongFileError } from './import-parser.js';
import { cell, csvRecords, headerKey, parseNumber, textChunks } from './text-input.js';

const what = 'a Google Ads Keyword Planner download (tab- or comma-separated, with a Keyword and an Avg. monthly searches column)';

/** The header names of the columns read, in the languages Keyword Planner is commonly used in. */
const names = {
  keyword: ['keyword', 'palabra clave', 'keyword (by relevance)', 'mot cle', 'schlusselwort', 'parola chiave', 'palavra-chave'],
  currency: ['currency', 'moneda', 'devise', 'wahrung', 'valuta', 'moeda'],
  volume: ['avg monthly searches', 'promedio de busquedas mensuales', 'nombre moyen de recherches mensuelles', 'durchschnittl suchanfragen pro monat', 'ricerche mensili medie', 'media de pesquisas mensais'],
  competitionIndex: ['competition indexed value', 'competencia valor indexado', 'concurrence valeur indexee', 'wettbewerb indexierter wert', 'concorrenza valore indicizzato', 'concorrencia valor indexado'],
  bidLow: ['top of page bid low range', 'puja por la parte superior de la pagina intervalo bajo'],
  bidHigh: ['top of page bid high range', 'puja por la parte superior de la pagina intervalo alto'],
};

const monthNames: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };

/** 'Searches: Oct 2020' → '2020-10-01'; null for any other header. */
function monthOfColumn(header: string): string | null {
  const match = /^searches\s*:\s*([a-z]{3})[a-z]*\s+(\d{4})$/i.exec(header.trim());
  const month = match ? monthNames[match[1]!.toLowerCase()] : undefined;
  return month ? `${match![2]}-${String(month).padStart(2, '0')}-01` : null;
}

/** The lines a header may be preceded by: a real download has a title and a date range before it. */
const preambleLines = 5;

/**
 * The text with its delimiter: a tab when any of the first lines holds one (the default download), else a comma (the
 * CSV a spreadsheet saves). Reads ahead only as far as those first lines.
 */
async function withDelimiter(text: AsyncGenerator<string>): Promise<{ text: AsyncGenerator<string>; delimiter: string }> {
  let head = '';
  let next = await text.next();
  while (!next.done) {
    head += next.value;
    if (head.split('\n', preambleLines + 1).length > preambleLines) break;
    next = await text.next();
  }
  const firstLines = head.split('\n', preambleLines).join('\n');
  async function* all() {
    if (head) yield head;
    if (!next.done) yield* text;
  }
  return { text: all(), delimiter: firstLines.includes('\t') ? '\t' : ',' };
}

/**
 * A Keyword Planner download: UTF-16LE with BOM, tab-separated (although named .csv), or the comma-separated UTF-8
 * CSV; a title line and a date-range line before the header, or the header first. Each keyword lands as a keyword (no search result): volume, the monthly history from the
 * `Searches: <month>` columns, competition = indexed value / 100, CPC = the middle of the top-of-page bid range
 * (only when the currency is USD: the warehouse keeps US dollars). Its date is the first day of the last month.
 */
export const parseKeywordPlanner: ImportParser = async function* (input, options): AsyncGenerator<ParsedItem> {
  let index: Record<keyof typeof names, number> | null = null;
  let months: { index: number; month: string }[] = [];
  let seen = 0;
  const { text, delimiter } = await withDelimiter(textChunks(input, what));
  for await (const record of csvRecords(text, delimiter)) {
    if (!index) {
      seen++;
      const keys = record.fields.map(headerKey);
      const found = Object.fromEntries(Object.entries(names).map(([name, aliases]) => [name, keys.findIndex((key) => aliases.includes(key))])) as Record<keyof typeof names, number>;
      if (found.keyword >= 0 && found.volume >= 0) {
        index = found;
        months = record.fields.map((header, position) => ({ index: position, month: monthOfColumn(header) })).filter((column): column is { index: number; month: string } => column.month !== null);
        continue;
      }
      // The header is line 3 of a real download (a title and a date range come first); give up soon after.
      if (seen >= preambleLines || record.line > preambleLines) break;
      continue;
    }
    const fields = record.fields;
    const volume = parseNumber(cell(fields, index.volume));
    const history = months.map((column) => parseNumber(cell(fields, column.index)));
    const competition = parseNumber(cell(fields, index.competitionIndex));
    const low = parseNumber(cell(fields, index.bidLow));
    const high = parseNumber(cell(fields, index.bidHigh));
    const bad = [['Avg. monthly searches', volume], ['Competition (indexed value)', competition], ['Top of page bid (low range)', low], ['Top of page bid (high range)', high]]
      .find(([, value]) => Number.isNaN(value));
    if (bad) {
      yield { line: record.line, problem: `The ${bad[0]} is not a number.` };
      continue;
    }
    const usd = !cell(fields, index.currency) || cell(fields, index.currency).toUpperCase() === 'USD';
    const bids = [low, high].filter((value): value is number => value !== null);
    const row: WarehouseRow = {
      keyword: cell(fields, index.keyword),
      territory: options.territory,
      date: months.at(-1)?.month ?? options.date ?? '',
      volume,
      volumeHistory: history.every((value) => value !== null && !Number.isNaN(value)) && history.length ? (history as number[]) : null,
      competition: competition === null ? null : competition / 100,
      cpc: usd && bids.length ? Math.round((bids.reduce((sum, value) => sum + value, 0) / bids.length) * 100) / 100 : null,
    };
    if (!row.date) {
      yield { line: record.line, problem: 'The file has no monthly columns and no date was given.' };
      continue;
    }
    const problem = warehouseRowProblem(row);
    yield problem ? { line: record.line, problem } : { line: record.line, row };
  }
  if (!index) throw new WrongFileError(`This is not ${what}: no Keyword / Avg. monthly searches header in its first lines.`);
};
