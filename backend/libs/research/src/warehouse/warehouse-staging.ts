import { normaliseKeyword } from '@serpwise/contracts';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { chunked, copyLine } from '../demo-market/copy-text.js';
import { CopyBuffer } from './copy-buffer.js';
import { domainOfUrl, type WarehouseRow } from './warehouse-row.js';

/**
 * The first half of landing rows: streaming them into temporary staging tables with COPY. Keywords and URLs repeat
 * through a file (a keyword's twenty results, a site's pages every day), so each distinct one is staged once, in a
 * dictionary table with a small local reference, and every search result is staged as integers: the keyword's and
 * the URL's reference, the day, the position, the clicks, and the row's place in the input. The SQL that follows joins a million results to a few
 * thousand dictionary rows on integers instead of grouping and joining a million rows of text three times, and the
 * COPY carries a fraction of the bytes. The candidates for the monthly rows are picked on the way too: per keyword,
 * month and position only the newest result can become organic_rank's row, so only those are staged for it (a tenth
 * of a file of daily rankings) instead of sorting every result again.
 *
 * Memory stays bounded whatever the file's size: when a dictionary (or the monthly candidates) reaches
 * `dictionaryLimit` entries, what it holds is staged and it starts again (the same keyword may then be staged twice,
 * under two references, and a month have two candidates; the SQL groups by the text and picks among the
 * candidates, so that only costs a row).
 */

/** The numbers a row may bring for its keyword; each keeps the newest value the rows give (see KeywordEntry). */
const keywordNumbers = ['volume', 'volumeHistory', 'cpc', 'competition', 'difficulty', 'resultCount'] as const;
type KeywordNumber = (typeof keywordNumbers)[number];

interface KeywordEntry {
  ref: number;
  territory: string;
  term: string;
  /** The newest day a row of this keyword was observed. */
  newest: string;
  /** Some row brought the keyword alone (no position: a Keyword Planner line). */
  keywordOnly: boolean;
  /**
   * Per number, the newest value the rows gave and its day: a row without the number does not erase it, and on
   * the same day the later row of the file wins. (Text in COPY format; volume history as an array literal.)
   */
  numbers: Partial<Record<KeywordNumber, { value: string; on: string }>>;
  /**
   * The keyword's candidates for the monthly rows, per month (YYYY-MM-01) by position (1–1000), and the month its
   * latest row was in with that month's array: kept on the keyword (found for every row anyway) instead of one map of
   * every keyword's candidates, whose hashed lookups a row each were a large part of the staging's time.
   */
  candidates: Map<string, MonthlyCandidate[]> | null;
  candidateMonth: string;
  monthCandidates: MonthlyCandidate[] | null;
}

interface UrlEntry {
  ref: number;
  /** Null: a site's result on a page not known (WarehouseRow.site). */
  url: string | null;
  domain: string;
  /** The greatest title the rows give (one file always gives the same). */
  title: string | null;
}

/** A search result that may become its month's organic_rank row: the newest of its keyword, month and position. */
interface MonthlyCandidate {
  keywordRef: number;
  urlRef: number;
  date: string;
  position: number;
  clicks: number | null;
  impressions: number | null;
  /** The row's place in the input: on the same day, the first row wins. */
  seq: number;
}

export interface StagedRows {
  /** Rows handed to the writer. */
  rows: number;
  /** First days of the months that received search results, sorted. */
  months: string[];
}

/**
 * Rows a batch at a time (a parser's chunk of a file): staged without an async step per row, which for a million
 * rows costs more than staging them.
 */
export interface WarehouseRowBatches {
  batches: AsyncIterable<readonly WarehouseRow[]>;
}

/** What the writer lands: rows one by one, or in batches. */
export type WarehouseRows = AsyncIterable<WarehouseRow> | Iterable<WarehouseRow> | WarehouseRowBatches;

export interface StagingOptions {
  /** Called every `progressEvery` rows (default 50,000) with the count so far; awaited (backpressure). */
  onStaged?: (rows: number) => void | Promise<void>;
  progressEvery?: number;
  /** Entries a dictionary holds before it is staged and starts again (tests make it small). */
  dictionaryLimit?: number;
}

const numberColumns = keywordNumbers.map((name) => `${snake(name)}, ${snake(name)}_on`).join(', ');

/** Creates (or empties, when a transaction lands twice) the staging tables. */
export async function prepareStagingTables(client: pg.ClientBase): Promise<void> {
  await client.query(`create temp table if not exists warehouse_observation (keyword_ref int, url_ref int, observed_on date, position smallint,
    clicks int, impressions int, seq int) on commit drop`);
  await client.query(`create temp table if not exists warehouse_keyword_ref (ref int, territory varchar(2), term text, newest date, keyword_only boolean,
    volume int, volume_on date, volume_history int[], volume_history_on date, cpc numeric(8,2), cpc_on date, competition numeric(3,2), competition_on date,
    difficulty smallint, difficulty_on date, result_count bigint, result_count_on date) on commit drop`);
  await client.query('create temp table if not exists warehouse_url_ref (ref int, url text, domain text, title text) on commit drop');
  await client.query(`create temp table if not exists warehouse_month_candidate (keyword_ref int, url_ref int, observed_on date, position smallint,
    clicks int, impressions int, seq int) on commit drop`);
  await client.query('truncate warehouse_observation, warehouse_keyword_ref, warehouse_url_ref, warehouse_month_candidate');
}

/** Streams the rows into the staging tables (prepareStagingTables first). */
export async function stageRows(
  client: pg.ClientBase,
  rows: WarehouseRows,
  options: StagingOptions = {},
): Promise<StagedRows> {
  const limit = options.dictionaryLimit ?? 200_000;
  const every = options.progressEvery ?? 50_000;
  const source = batchesOf(rows);
  // The batch being staged and the next row of it (a segment may end in the middle of a batch).
  let batch: readonly WarehouseRow[] = [];
  let at = 0;
  const keywords = new Map<string, Map<string, KeywordEntry>>();
  const urls = new Map<string, UrlEntry>();
  // The monthly candidates are kept on their keyword's entry (KeywordEntry.candidates).
  let candidateCount = 0;
  let keywordCount = 0;
  let nextRef = 1;
  let staged = 0;
  let exhausted = false;
  const months = new Set<string>();

  const keywordOf = (row: WarehouseRow): KeywordEntry => {
    const term = normaliseKeyword(row.keyword);
    let terms = keywords.get(row.territory);
    if (!terms) keywords.set(row.territory, (terms = new Map()));
    let entry = terms.get(term);
    if (!entry) {
      const own = ownCopy(term);
      entry = { ref: nextRef++, territory: row.territory, term: own, newest: row.date, keywordOnly: false, numbers: {}, candidates: null, candidateMonth: '', monthCandidates: null };
      terms.set(own, entry);
      keywordCount++;
    } else if (row.date > entry.newest) entry.newest = row.date;
    // Most rows of a rankings file give none of the numbers.
    if (absent(row.volume) && absent(row.volumeHistory) && absent(row.cpc) && absent(row.competition) && absent(row.difficulty) && absent(row.resultCount)) {
      return entry;
    }
    for (const name of keywordNumbers) {
      const value = numberText(row, name);
      if (value === null) continue;
      const known = entry.numbers[name];
      if (!known || row.date >= known.on) entry.numbers[name] = { value, on: row.date };
    }
    return entry;
  };

  const urlOf = (url: string, title: string | null): UrlEntry => {
    let entry = urls.get(url);
    if (!entry) {
      const own = ownCopy(url);
      entry = { ref: nextRef++, url: own, domain: ownCopy(domainOfUrl(own)!), title: title === null ? null : ownCopy(title) };
      urls.set(own, entry);
    } else if (title !== null && (entry.title === null || title > entry.title)) entry.title = ownCopy(title);
    return entry;
  };
  // A site's results on pages not known share one reference per site (keyed apart from every URL: a URL has a scheme).
  const siteOf = (site: string): UrlEntry => {
    const key = `site ${site}`;
    let entry = urls.get(key);
    if (!entry) urls.set(key, (entry = { ref: nextRef++, url: null, domain: ownCopy(site), title: null }));
    return entry;
  };

  let lastDate = '';
  let lastMonth = '';
  const offerCandidate = (keyword: KeywordEntry, urlRef: number, row: WarehouseRow) => {
    if (row.date !== lastDate) {
      lastMonth = `${row.date.slice(0, 7)}-01`;
      months.add(lastMonth);
      lastDate = row.date;
    }
    let byPosition = keyword.candidateMonth === lastMonth ? keyword.monthCandidates : null;
    if (!byPosition) {
      keyword.candidates ??= new Map();
      byPosition = keyword.candidates.get(lastMonth) ?? null;
      if (!byPosition) keyword.candidates.set(lastMonth, (byPosition = []));
      keyword.candidateMonth = lastMonth;
      keyword.monthCandidates = byPosition;
    }
    const position = row.position!;
    const known = byPosition[position];
    // The newest day wins; on the same day, the first row (as the SQL breaks ties).
    if (!known) {
      byPosition[position] = { keywordRef: keyword.ref, urlRef, date: row.date, position, clicks: row.clicks ?? null, impressions: row.impressions ?? null, seq: staged };
      candidateCount++;
    } else if (row.date > known.date) {
      known.urlRef = urlRef;
      known.date = row.date;
      known.clicks = row.clicks ?? null;
      known.impressions = row.impressions ?? null;
      known.seq = staged;
    }
  };

  // Search results, until the input ends or a dictionary is full.
  async function* observationChunks(): AsyncGenerator<Buffer> {
    const chunk = new CopyBuffer();
    while (keywordCount < limit && urls.size < limit && candidateCount < limit) {
      if (at >= batch.length) {
        const next = await source.next();
        if (next.done) {
          exhausted = true;
          break;
        }
        batch = next.value;
        at = 0;
        continue;
      }
      const row = batch[at++]!;
      const keyword = keywordOf(row);
      staged++;
      if (row.position === null || row.position === undefined || (!row.url && !row.site)) keyword.keywordOnly = true;
      else {
        const url = row.url ? urlOf(row.url, row.title || null) : siteOf(row.site!);
        offerCandidate(keyword, url.ref, row);
        chunk.number(keyword.ref).tab().number(url.ref).tab().ascii(row.date).tab().number(row.position).tab()
          .numberOrNull(row.clicks).tab().numberOrNull(row.impressions).tab().number(staged).newline();
      }
      if (staged % every === 0) await options.onStaged?.(staged);
      if (chunk.full) yield chunk.take();
    }
    if (chunk.size) yield chunk.take();
  }

  try {
    await stageSegments();
  } catch (error) {
    // The COPY failed or was cancelled: close the input too (a parser reading a file), as a for-await loop would.
    await source.return?.(undefined).catch(() => undefined);
    throw error;
  }
  return { rows: staged, months: [...months].sort() };

  /** Stages the rows segment by segment: results until a dictionary is full, then the dictionaries, again until the end. */
  async function stageSegments() {
    while (!exhausted) {
      await copyInto(client, 'warehouse_observation (keyword_ref, url_ref, observed_on, position, clicks, impressions, seq)', observationChunks());
      await copyInto(client, `warehouse_keyword_ref (ref, territory, term, newest, keyword_only, ${numberColumns})`, chunked(linesOf(keywords.values(), keywordLine)));
      await copyInto(client, 'warehouse_url_ref (ref, url, domain, title)', chunked(linesOf([urls], urlLine)));
      await copyInto(client, 'warehouse_month_candidate (keyword_ref, url_ref, observed_on, position, clicks, impressions, seq)', chunked(candidateLines(keywords.values())));
      keywords.clear();
      urls.clear();
      lastDate = '';
      keywordCount = 0;
      candidateCount = 0;
    }
  }
}

async function copyInto(client: pg.ClientBase, target: string, chunks: AsyncIterable<string | Buffer> | Iterable<string | Buffer>): Promise<void> {
  await pipeline(Readable.from(chunks), client.query(copyStreams.from(`copy ${target} from stdin`)));
}

const keywordLine = (entry: KeywordEntry) =>
  copyLine([
    entry.ref, entry.territory, entry.term, entry.newest, entry.keywordOnly,
    ...keywordNumbers.flatMap((name) => [entry.numbers[name]?.value ?? null, entry.numbers[name]?.on ?? null]),
  ]);

const urlLine = (entry: UrlEntry) => copyLine([entry.ref, entry.url, entry.domain, entry.title]);

const candidateLine = (pick: MonthlyCandidate) =>
  `${pick.keywordRef}\t${pick.urlRef}\t${pick.date}\t${pick.position}\t${pick.clicks ?? '\\N'}\t${pick.impressions ?? '\\N'}\t${pick.seq}\n`;

function* candidateLines(groups: Iterable<Map<string, KeywordEntry>>): Generator<string> {
  for (const group of groups) {
    for (const entry of group.values()) {
      if (!entry.candidates) continue;
      for (const byPosition of entry.candidates.values()) for (const pick of byPosition) if (pick) yield candidateLine(pick);
    }
  }
}

function* linesOf<T>(groups: Iterable<Map<unknown, T>>, line: (entry: T) => string): Generator<string> {
  for (const group of groups) for (const entry of group.values()) yield line(entry);
}

const absent = (value: unknown) => value === null || value === undefined;

/** A keyword number of a row in COPY text, or null when the row does not give it. */
function numberText(row: WarehouseRow, name: KeywordNumber): string | null {
  // A month not known is NULL in the array (never 0).
  if (name === 'volumeHistory') return row.volumeHistory?.length ? `{${row.volumeHistory.map((value) => (value === null ? 'NULL' : Math.round(value))).join(',')}}` : null;
  const value = row[name];
  if (value === null || value === undefined) return null;
  return String(name === 'volume' || name === 'difficulty' ? Math.round(value) : value);
}

/**
 * The string in storage of its own. A cell cut out of the file's text is a view into the whole chunk it came from
 * (V8 slices strings); kept in a dictionary, it would keep that chunk, and soon the whole file, alive.
 */
function ownCopy(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** Any input as an iterator of batches; rows one by one are grouped (up to 1,000 a batch). */
function batchesOf(rows: WarehouseRows): AsyncIterator<readonly WarehouseRow[]> {
  if ('batches' in rows) return rows.batches[Symbol.asyncIterator]();
  return (Symbol.asyncIterator in rows ? groupAsync(rows) : groupSync(rows))[Symbol.asyncIterator]();
}

async function* groupSync(rows: Iterable<WarehouseRow>): AsyncGenerator<WarehouseRow[]> {
  let batch: WarehouseRow[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= 1000) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

async function* groupAsync(rows: AsyncIterable<WarehouseRow>): AsyncGenerator<WarehouseRow[]> {
  let batch: WarehouseRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= 1000) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
