import { importDetailMissing, parseDelimitedRecords, withoutByteOrderMark } from '@serpwise/contracts';
import { warehouseRowProblem, type WarehouseRow } from '../warehouse/warehouse-row.js';
import { type ImportParser, type ParsedItem, WrongFileError } from './import-parser.js';
import { monthNumbers, plainWords } from './month-names.js';
import { cell, csvRecords, type CsvRecord, decideNumberStyles, headerKey, lookAhead, numberSampleRecords, parseDollars, parseNumber, textChunks, type NumberStyle } from './text-input.js';

const what = 'a Google Ads Keyword Planner download (tab- or comma-separated, with a Keyword and an Avg. monthly searches column)';

/**
 * The header names of the columns read, accents and punctuation dropped (headerKey), in the languages Keyword Planner
 * is commonly used in (which ones were checked against what, and where: docs/product/imports.md, "Keyword Planner in
 * other languages").
 */
const names = {
  keyword: ['keyword', 'palabra clave', 'keyword (by relevance)', 'mot cle', 'schlusselwort', 'parola chiave', 'palavra-chave'],
  currency: ['currency', 'moneda', 'devise', 'wahrung', 'valuta', 'moeda'],
  volume: ['avg monthly searches', 'promedio de busquedas mensuales', 'media de busquedas mensuales', 'prom busquedas mensuales',
    'nombre moyen de recherches mensuelles', 'durchschnittl suchanfragen pro monat', 'durchschnittliche suchanfragen pro monat',
    'durchschnittliche monatliche suchanfragen', 'durchschn monatliche suchanfragen', 'ricerche mensili medie', 'media de pesquisas mensais'],
  competitionIndex: ['competition indexed value', 'competencia valor indexado', 'concurrence valeur indexee', 'wettbewerb indexierter wert', 'concorrenza valore indicizzato', 'concorrencia valor indexado'],
  bidLow: ['top of page bid low range', 'puja por la parte superior de la pagina intervalo bajo'],
  bidHigh: ['top of page bid high range', 'puja por la parte superior de la pagina intervalo alto'],
};
type Column = keyof typeof names;

/**
 * The number style a volume header's language suggests, for a file whose numbers do not show it (number-style.ts):
 * English writes 1,234.56; German, French, Italian and Portuguese 1.234,56. Spanish suggests neither (Spain writes
 * 1.234,56, Mexico 1,234.56).
 */
const styleOfVolumeHeader = (key: string): NumberStyle | null =>
  key === 'avg monthly searches' ? 'point' : /busquedas/.test(key) ? null : 'comma';

const firstDay = (year: string, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;

/**
 * The word before a monthly column's month in the languages of `names` (accents dropped). No translated download was
 * at hand: a monthly column is read by its shape, "<searches>: <month> [de] <year>", whose month words month-names.ts
 * knows in each of these languages (docs/product/imports.md, "Keyword Planner in other languages").
 */
const searchesWords = new Set(['searches', 'suchanfragen', 'recherches', 'busquedas', 'ricerche', 'pesquisas']);

/** 'Searches: Oct 2020', 'Suchanfragen: Okt. 2020', 'Recherches : oct. 2020', 'Pesquisas: out. de 2020' → '2020-10-01'; null for any other header. */
function monthOfColumn(header: string): string | null {
  const match = /^([a-z]+)\s*:\s*([a-z]+)\.?\s+(?:de\s+)?(\d{4})$/.exec(plainWords(header).trim());
  if (!match || !searchesWords.has(match[1]!)) return null;
  const month = monthNumbers.get(match[2]!);
  return month ? firstDay(match[3]!, month) : null;
}

/** A top-of-page bid column's word for "bid", and the words of its range (in its closing parentheses), accents dropped. */
const bidWord = /\b(?:bid|puja|enchere|gebot|offerta|lance)\b/;
const lowRange = /\b(?:low|bajo|basse|niedrig\w*|unter\w*|basso|baixo|menor|inferior)\b/;
const highRange = /\b(?:high|alto|haute|hoch|hohe\w*|ober\w*|maior|superior)\b/;

/**
 * Which end of the top-of-page bid range a translated header names, by its shape: a word for "bid", and the range in
 * the parentheses that end it ("Gebot für oberen Seitenbereich (niedriger Bereich)", "Enchère en haut de page
 * (fourchette basse)"); only that part is read for low or high, so "oberen"/"superior" in "top of page" do not count.
 */
function bidRangeOf(header: string): 'low' | 'high' | null {
  const words = plainWords(header).trim();
  const range = /\(([^()]*)\)$/.exec(words)?.[1];
  if (!range || !bidWord.test(words.slice(0, words.length - range.length - 2))) return null;
  return lowRange.test(range) ? 'low' : highRange.test(range) ? 'high' : null;
}

/**
 * The first day of the last month of a title's range, in any of the languages of month-names.ts and in either order
 * of day and month: "September 1, 2025 - August 31, 2026", "1. Oktober 2025 - 30. September 2026", "1er octobre 2025 - 30
 * septembre 2026", "1 de octubre de 2025 - 30 de septiembre de 2026" (or ISO days) → '2026-09-01'. A month word is
 * followed by its year, with a day ("1,") or "de"/"del" between them or not.
 */
function lastMonthOfRange(text: string): string | null {
  const iso = text.match(/\d{4}-\d{2}-\d{2}/g);
  if (iso && iso.length >= 2) return `${iso.at(-1)!.slice(0, 7)}-01`;
  const months = [...plainWords(text).matchAll(/([a-z]{3,})\.?\s+(?:del?\s+)?(?:\d{1,2},?\s+)?(\d{4})\b/g)]
    .flatMap((match) => (monthNumbers.has(match[1]!) ? [firstDay(match[2]!, monthNumbers.get(match[1]!)!)] : []));
  return months.length >= 2 ? months.at(-1)! : null;
}

/** The lines a header may be preceded by: a real download has a title and a date range before it. */
const preambleLines = 5;
const delimiters = ['\t', ',', ';'];

/**
 * The column of each name in a header (-1 when absent); null when it lacks the Keyword or the volume column. Names are
 * compared as headerKey writes them (so 'palavra-chave' and 'keyword (by relevance)' find their columns).
 */
function columnsOf(rawFields: string[]): Record<Column, number> | null {
  const fields = rawFields.map((field) => field.replace(currencyOfHeader, ''));
  const keys = fields.map(headerKey);
  const found = Object.fromEntries(Object.entries(names).map(([name, aliases]) => [name, keys.findIndex((key) => aliases.some((alias) => headerKey(alias) === key))])) as Record<Column, number>;
  // Bid columns in a language without a name above: by their shape.
  if (found.bidLow < 0) found.bidLow = fields.findIndex((field) => bidRangeOf(field) === 'low');
  if (found.bidHigh < 0) found.bidHigh = fields.findIndex((field) => bidRangeOf(field) === 'high');
  return found.keyword >= 0 && found.volume >= 0 ? found : null;
}

/** A currency code ending a bid column's name: 'Top of page bid (low range) (EUR)'. */
const currencyOfHeader = /\s*\(([A-Z]{3})\)\s*$/;

/** The currency the bid columns' names give (a download without a Currency column may name it there), else null. */
function bidCurrencyOf(header: string[], columns: Record<Column, number>): string | null {
  for (const index of [columns.bidLow, columns.bidHigh]) {
    const code = index >= 0 ? currencyOfHeader.exec(header[index]!)?.[1] : undefined;
    if (code) return code;
  }
  return null;
}

/** Where a download's header is and what comes before it. */
export interface PlannerLayout {
  /** The text from the header line on, and the file's line the header is on. */
  body: AsyncGenerator<string>;
  headerLine: number;
  delimiter: string;
  header: string[];
  columns: Record<Column, number>;
  /** The `Searches: <month>` columns, oldest first. */
  months: { index: number; month: string }[];
  /** The last month of the title's date range (line 2 of a real download), when the file has one. */
  rangeMonth: string | null;
  /** The number style the header's language suggests (used when the numbers do not show it). */
  numberHint: NumberStyle | null;
  /** The bids' currency as the bid columns' names give it, for rows without a Currency cell. */
  bidCurrency: string | null;
}

/**
 * Finds the header among the first lines, whatever the delimiter (a tab in the download, a comma or semicolon in
 * the CSV a spreadsheet saves: each is tried on each line, so a comma in a title or a tab in a keyword does not
 * mislead), and reads the title's date range from the lines before it. Reads ahead only as far as those lines.
 */
export async function readPlannerLayout(text: AsyncGenerator<string>): Promise<PlannerLayout> {
  let head = '';
  let next = await text.next();
  while (!next.done) {
    head += next.value;
    if (firstLines(head, preambleLines).filter((line) => line.complete).length >= preambleLines) break;
    next = await text.next();
  }
  const ended = next.done === true;
  const lines = firstLines(head, preambleLines);
  for (const [index, { text: raw, start, complete }] of lines.entries()) {
    const line = withoutByteOrderMark(raw);
    for (const delimiter of complete || ended ? delimiters : []) {
      let header: string[];
      try {
        header = parseDelimitedRecords(line, delimiter.charCodeAt(0), 1, true).records[0]?.fields ?? [];
      } catch {
        continue;
      }
      const columns = columnsOf(header);
      if (!columns) continue;
      const rest = head.slice(start);
      async function* body() {
        yield rest;
        if (!ended) yield* text;
      }
      const months = header.map((name, position) => ({ index: position, month: monthOfColumn(name) })).filter((column): column is { index: number; month: string } => column.month !== null);
      const rangeMonth = lastMonthOfRange(lines.slice(0, index).map((before) => before.text).join('\n'));
      return { body: body(), headerLine: index + 1, delimiter, header, columns, months, rangeMonth, numberHint: styleOfVolumeHeader(headerKey(header[columns.volume]!)), bidCurrency: bidCurrencyOf(header, columns) };
    }
  }
  throw new WrongFileError(`This is not ${what}: no Keyword / Avg. monthly searches header in its first lines.`);
}

/**
 * The first `count` lines of a text without their line breaks (LF, CRLF, or CR alone: the "CSV (Macintosh)" a Mac
 * spreadsheet saves), where each starts, and whether its break has been read (else the text may go on).
 */
function firstLines(text: string, count: number): { text: string; start: number; complete: boolean }[] {
  const lines: { text: string; start: number; complete: boolean }[] = [];
  const breaks = /\r\n|\n|\r/g;
  let start = 0;
  for (let match = breaks.exec(text); match && lines.length < count; match = breaks.exec(text)) {
    // A CR that ends the text read so far may be the first half of a CRLF.
    if (match[0] === '\r' && match.index === text.length - 1) break;
    lines.push({ text: text.slice(start, match.index), start, complete: true });
    start = match.index + match[0].length;
  }
  if (lines.length < count && start < text.length) lines.push({ text: text.slice(start), start, complete: false });
  return lines;
}

/** The parts of a row whose numbers are read, each with its own number style (number-style.ts). */
interface RowStyles {
  volume: NumberStyle;
  months: NumberStyle;
  competition: NumberStyle;
  bids: NumberStyle;
}

/** Decides the number style of each numeric column from the first rows, the header's language as the tie-breaker. */
function rowStyles(rows: readonly CsvRecord[], layout: PlannerLayout): RowStyles {
  const { columns: index, months } = layout;
  const values = (columns: number[]) => rows.flatMap((row) => columns.map((column) => cell(row.fields, column)));
  const [volume, monthly, competition, bids] = decideNumberStyles([
    { kind: 'count', values: values([index.volume]) },
    { kind: 'count', values: values(months.map((month) => month.index)) },
    { kind: 'count', values: values([index.competitionIndex]) },
    { kind: 'decimal', values: values([index.bidLow, index.bidHigh]) },
  ], layout.numberHint);
  return { volume: volume!, months: monthly!, competition: competition!, bids: bids! };
}

/**
 * A volume range ("1K – 10K", "10 k – 100 k", "100 - 1K"), which Keyword Planner shows accounts without ad spend
 * instead of a number: not a measured volume, so it is unknown (docs/decisions.md, "Keyword Planner volume ranges").
 */
const volumeRange = /^\s*\d+(?:[.,]\d+)?\s*[kKmM]?\s*[–—-]\s*\d+(?:[.,]\d+)?\s*[kKmM]?\s*$/;

/** A bound instead of a number ("< 10", "<10", "≤ 10", "> 1M"): not a measured volume either, so unknown. */
const volumeBound = /^\s*[<>≤≥]\s*\d+(?:[.,]\d+)?\s*[kKmM]?\s*$/;

/** A searches cell: its number, null when blank, a range or a bound, NaN when it is none of these. */
const searchesOf = (text: string, style: NumberStyle): number | null => (volumeRange.test(text) || volumeBound.test(text) ? null : parseNumber(text, style));

/** One line of the download as a warehouse row, or why it cannot land. */
function plannerRow(fields: string[], layout: PlannerLayout, styles: RowStyles, date: string, territory: string): { row: WarehouseRow } | { problem: string } {
  const { columns: index, months } = layout;
  const volume = searchesOf(cell(fields, index.volume), styles.volume);
  const competition = parseNumber(cell(fields, index.competitionIndex), styles.competition);
  const low = parseDollars(cell(fields, index.bidLow), styles.bids);
  const high = parseDollars(cell(fields, index.bidHigh), styles.bids);
  const history = months.map((column) => searchesOf(cell(fields, column.index), styles.months));
  const badMonth = history.findIndex((value) => Number.isNaN(value));
  const bad = [['Avg. monthly searches', volume], ['Competition (indexed value)', competition], ['Top of page bid (low range)', low], ['Top of page bid (high range)', high]]
    .find(([, value]) => Number.isNaN(value));
  if (bad) return { problem: `The ${bad[0]} is not a number.` };
  if (badMonth >= 0) return { problem: `The ${layout.header[months[badMonth]!.index]!.trim()} "${cell(fields, months[badMonth]!.index)}" is not a number.` };
  const currency = cell(fields, index.currency) || layout.bidCurrency;
  const usd = !currency || currency.toUpperCase() === 'USD';
  const bids = [low, high].filter((value): value is number => value !== null);
  const row: WarehouseRow = {
    keyword: cell(fields, index.keyword),
    territory,
    date,
    volume,
    // A month without a number is unknown in the history (null), and the other months stay.
    volumeHistory: history.some((value) => value !== null) ? history : null,
    competition: competition === null ? null : competition / 100,
    cpc: usd && bids.length ? Math.round((bids.reduce((sum, value) => sum + value, 0) / bids.length) * 100) / 100 : null,
  };
  const problem = warehouseRowProblem(row);
  return problem ? { problem } : { row };
}

/**
 * A Keyword Planner download: UTF-16LE or BE with BOM, or UTF-8 with or without one; tab-separated (although named
 * .csv), comma- or semicolon-separated; a title line and a date-range line before the header, or the header first.
 * Each keyword lands as a keyword (no search result): volume, the monthly history from the `Searches: <month>`
 * columns (a blank month is unknown, not 0), competition = indexed value / 100, CPC = the middle of the top-of-page
 * bid range (only when the currency is USD: the warehouse keeps US dollars; no bid is an unknown CPC). Numbers are
 * read in the file's own style (1,234.56 or 1.234,56), decided from its first rows. Its date is the first day of the
 * last monthly column, else of the last month of the title's range, else of the month the user gives; without any,
 * the file is refused with the words the import form uses.
 */
export const parseKeywordPlanner: ImportParser = async function* (input, options): AsyncGenerator<ParsedItem> {
  const layout = await readPlannerLayout(textChunks(input, what));
  const date = layout.months.at(-1)?.month ?? layout.rangeMonth ?? (options.date ? `${options.date.slice(0, 7)}-01` : null);
  if (!date) throw new WrongFileError(importDetailMissing('keyword-planner', 'date'));
  const { head, all } = await lookAhead(csvRecords(layout.body, layout.delimiter, layout.headerLine), numberSampleRecords + 1);
  const styles = rowStyles(head.slice(1), layout);
  let header = true;
  for await (const record of all) {
    if (header) {
      header = false;
      continue;
    }
    const result = plannerRow(record.fields, layout, styles, date, options.territory);
    yield 'row' in result ? { line: record.line, row: result.row } : { line: record.line, problem: result.problem };
  }
};
