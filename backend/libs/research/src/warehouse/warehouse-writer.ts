import { organicRankPartitionName, organicRankPartitionSql } from '@serpwise/database';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { copyLine } from '../demo-market/copy-text.js';
import { organicCtr } from '../formulas/click-through.js';
import { installationOwner } from '../viewer-scope.js';
import { warehouseRollupSql } from './domain-month-rollup.js';

/**
 * One normalised row for the warehouse, whatever file or provider it came from. A row with a position and a URL
 * is an observed search result (the page ranked there for the keyword on that day); a row without them only
 * brings the keyword and its numbers (a Keyword Planner line).
 */
export interface WarehouseRow {
  keyword: string;
  /** A product territory code: 'US', 'UK', 'DE' … */
  territory: string;
  /** The day observed, YYYY-MM-DD. */
  date: string;
  position?: number | null;
  url?: string | null;
  title?: string | null;
  /** Monthly searches (the latest month). */
  volume?: number | null;
  /** Monthly searches, oldest first, the last one being the month of `date`. */
  volumeHistory?: readonly number[] | null;
  /** US dollars. */
  cpc?: number | null;
  /** Paid competition, 0 to 1. */
  competition?: number | null;
  /** Organic difficulty, 0 to 100. */
  difficulty?: number | null;
  resultCount?: number | null;
  /** Real clicks and impressions when the source reports them (Search Console). */
  clicks?: number | null;
  impressions?: number | null;
}

/** Where the rows come from: their data_source row and the user who owns them (null: installation-wide). */
export interface WarehouseSource {
  sourceId: number;
  ownerUserId: string | null;
}

export interface LandOptions {
  /** Called every `progressEvery` staged rows (default 50,000) with the count so far; awaited (backpressure). */
  onStaged?: (rows: number) => void | Promise<void>;
  progressEvery?: number;
  /** The caller already opened a transaction on `client` (then the writer neither begins nor commits). */
  inTransaction?: boolean;
  /** Told how long each step took (benchmarks). */
  onStep?: (step: string, milliseconds: number) => void;
}

export interface LandResult {
  /** Rows handed to the writer. */
  rows: number;
  /** Rows that brought something new: a search result not seen before, or (rows without a position) a new keyword. */
  landed: number;
  /** Rows that were already in the warehouse (an earlier import of the same data, or twice in this batch). */
  duplicates: number;
  keywordsAdded: number;
  domainsAdded: number;
  pagesAdded: number;
  /** Monthly organic_rank rows added (the research screens' rows). */
  ranksAdded: number;
  /** First days of the months that received rows, sorted (the roll-up was run for them). */
  months: string[];
}

const recentDomains = new Map<string, string | null>();

/** The bare host of a URL: lower case, without `www.`; null when the text is not an http(s) URL. */
export function domainOfUrl(url: string): string | null {
  // Files repeat their URLs (a site ranks for many keywords, a keyword every day): parsing a URL costs microseconds.
  const known = recentDomains.get(url);
  if (known !== undefined) return known;
  const domain = parseDomain(url);
  if (recentDomains.size >= 100_000) recentDomains.clear();
  recentDomains.set(url, domain);
  return domain;
}

function parseDomain(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '').replace(/\.$/, '');
  return host.includes('.') ? host : null;
}

let lastKeyword = { text: '', normal: '' };

/** Keywords are stored like searches: trimmed, single spaces, lower case. */
export function normaliseKeyword(keyword: string): string {
  // Files list a keyword's results one after another: the last answer is usually the next one too.
  if (keyword === lastKeyword.text) return lastKeyword.normal;
  const normal = keyword.trim().replace(/\s+/g, ' ').toLowerCase();
  lastKeyword = { text: keyword, normal };
  return normal;
}

const validDates = new Set<string>();

function isValidDate(date: string | undefined): boolean {
  if (!date) return false;
  if (validDates.has(date)) return true;
  const valid = isoDate.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
  if (valid && validDates.size < 10_000) validDates.add(date);
  return valid;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Why a row cannot land, or null when it can. Parsers call this to report a bad row (with its line) instead of
 * handing it on; the writer trusts the rows it gets.
 */
export function warehouseRowProblem(row: WarehouseRow): string | null {
  const keyword = normaliseKeyword(row.keyword ?? '');
  if (!keyword) return 'The keyword is empty.';
  // Real Search Console queries run long (whole questions pasted in); 2,000 bytes keeps the keyword indexes' entries
  // inside a btree page (at most about 2,700 bytes).
  if (Buffer.byteLength(keyword) > 2000) return 'The keyword is longer than 2,000 bytes.';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(keyword)) return 'The keyword contains control characters.';
  if (!/^[A-Z]{2}$/.test(row.territory ?? '')) return `The territory "${row.territory ?? ''}" is not a territory code.`;
  if (!isValidDate(row.date)) return `The date "${row.date ?? ''}" is not a date (YYYY-MM-DD).`;
  const hasPosition = row.position !== null && row.position !== undefined;
  const hasUrl = row.url !== null && row.url !== undefined && row.url !== '';
  if (hasPosition !== hasUrl) return hasPosition ? 'The URL is missing.' : 'The position is missing.';
  if (hasPosition && (!Number.isInteger(row.position) || row.position! < 1 || row.position! > 1000)) {
    return `The position "${row.position}" is not a whole number from 1 to 1000.`;
  }
  if (hasUrl && !domainOfUrl(row.url!)) return `The URL "${row.url}" is not an http(s) address of a site.`;
  for (const [name, value] of [['volume', row.volume], ['clicks', row.clicks], ['impressions', row.impressions], ['cpc', row.cpc]] as const) {
    if (value !== null && value !== undefined && (!Number.isFinite(value) || value < 0)) return `The ${name} "${value}" is not a number of zero or more.`;
  }
  return null;
}

const stagingColumns = 'keyword, territory, observed_on, position, url, domain, title, volume, volume_history, cpc, competition, difficulty, result_count, clicks, impressions';

function stagingLine(row: WarehouseRow): string {
  const url = row.url || null;
  const history = row.volumeHistory?.length ? `{${row.volumeHistory.map((value) => Math.round(value)).join(',')}}` : null;
  const optional = (value: number | null | undefined) => (value === null || value === undefined ? null : value);
  return copyLine([
    normaliseKeyword(row.keyword),
    row.territory,
    row.date,
    optional(row.position),
    url,
    url ? domainOfUrl(url) : null,
    row.title ?? null,
    optional(row.volume === null || row.volume === undefined ? null : Math.round(row.volume)),
    history,
    optional(row.cpc),
    optional(row.competition),
    optional(row.difficulty === null || row.difficulty === undefined ? null : Math.round(row.difficulty)),
    optional(row.resultCount),
    optional(row.clicks),
    optional(row.impressions),
  ]);
}

/** CTR(position) as SQL, from the same curve the demo market uses (formulas/click-through.ts). */
const ctrSql = (position: string) =>
  `coalesce((array[${Array.from({ length: 20 }, (_, index) => organicCtr(index + 1)).join(',')}]::numeric[])[${position}], 0.001)`;

async function* stagingChunks(rows: AsyncIterable<WarehouseRow> | Iterable<WarehouseRow>, counter: { rows: number }, options: LandOptions) {
  const every = options.progressEvery ?? 50_000;
  let chunk = '';
  for await (const row of rows) {
    chunk += stagingLine(row);
    counter.rows++;
    if (counter.rows % every === 0) await options.onStaged?.(counter.rows);
    if (chunk.length >= 256 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

const count = (result: pg.QueryResult) => result.rowCount ?? 0;

/** Advisory lock class of "landing rows for one owner" (the second key is the owner's hash). */
const writerLockId = 4_004_002;

/**
 * Lands rows in the warehouse for one source, idempotently: the rows are streamed with COPY into a temporary
 * staging table, then keywords, domains and pages that are new are added, the search results go into
 * serp_observation by their natural key (keyword, day, position, owner; ON CONFLICT DO NOTHING, so the same rows
 * twice add nothing twice), each month's newest observation becomes the monthly organic_rank row, and the months
 * touched are rolled up (warehouseRollupSql). All in one transaction: a failure lands nothing.
 *
 * Keywords, domains and pages already in the warehouse keep their numbers (the first source owns a row); a new
 * keyword takes the row's volume, CPC, competition and difficulty (0 when the file has none). A user's rows are seen
 * by that user only: organic_rank rows carry the owner, and keywords, domains and pages only imports brought list
 * their importers in owner_user_ids (null: installation data has them, everyone sees them; viewer-scope.ts).
 */
export async function landWarehouseRows(
  client: pg.ClientBase,
  source: WarehouseSource,
  rows: AsyncIterable<WarehouseRow> | Iterable<WarehouseRow>,
  options: LandOptions = {},
): Promise<LandResult> {
  const own = !options.inTransaction;
  let stepStarted = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    options.onStep?.(name, now - stepStarted);
    stepStarted = now;
  };
  if (own) await client.query('begin');
  try {
    // Sorts and hash joins over a million staged rows stay in memory; the staging table in local buffers (this
    // takes effect only before the session's first temporary table; later imports on a pooled connection keep it).
    await client.query(`set local work_mem = '256MB'`);
    // PostgreSQL refuses a new temp_buffers once the session has used temporary tables: then keep what it has.
    await client.query('savepoint warehouse_temp_buffers');
    try {
      await client.query(`set local temp_buffers = '128MB'`);
      await client.query('release savepoint warehouse_temp_buffers');
    } catch {
      await client.query('rollback to savepoint warehouse_temp_buffers');
    }
    await client.query(`create temp table if not exists warehouse_staging (keyword text, territory varchar(2), observed_on date, position smallint,
      url text, domain text, title text, volume int, volume_history int[], cpc numeric(8,2), competition numeric(3,2), difficulty smallint,
      result_count bigint, clicks int, impressions int) on commit drop`);
    await client.query('create temp table if not exists warehouse_new_keyword (territory varchar(2), term text) on commit drop');
    await client.query('truncate warehouse_staging, warehouse_new_keyword');
    const counter = { rows: 0 };
    await pipeline(Readable.from(stagingChunks(rows, counter, options)), client.query(copyStreams.from(`copy warehouse_staging (${stagingColumns}) from stdin`)));
    await client.query('analyze warehouse_staging');
    step('copy into staging');
    const { sourceId, ownerUserId } = source;
    // Who sees what the rows bring (docs/decisions.md, "Imported rows are private"): a keyword, site or page only
    // imports brought lists its importers; once installation data brings it, everyone sees it (owner_user_ids null).
    const ownersOfNew = 'case when $2::uuid is null then null else array[$2::uuid] end';
    const ownersAfter = (alias: string) => `case when $1::uuid is null then null else array_append(${alias}.owner_user_ids, $1::uuid) end`;
    const ownersChange = (alias: string) => `${alias}.owner_user_ids is not null and ($1::uuid is null or not $1::uuid = any(${alias}.owner_user_ids))`;

    const domainsAdded = count(await client.query(
      `insert into domain (name, source_id, owner_user_ids) select distinct domain, $1::smallint, ${ownersOfNew} from warehouse_staging where domain is not null
       on conflict (name) do nothing`, [sourceId, ownerUserId]));
    await client.query(
      `update domain d set owner_user_ids = ${ownersAfter('d')} from (select distinct domain from warehouse_staging where domain is not null) s
       where d.name = s.domain and ${ownersChange('d')}`, [ownerUserId]);
    step('domains');
    const keywordsAdded = count(await client.query(
      `with added as (insert into keyword (territory, term, volume, volume_history, history_start, cpc, competition, difficulty, result_count, is_question, source_id, owner_user_ids)
       select territory, keyword, coalesce(volume, history[array_upper(history, 1)], 0), coalesce(history, array[coalesce(volume, 0)]),
         (month - make_interval(months => coalesce(array_length(history, 1), 1) - 1))::date,
         coalesce(cpc, 0), least(coalesce(competition, 0), 1), coalesce(difficulty, 0), coalesce(result_count, 0),
         keyword ~ '^(how|what|why|when|where|who|which|can|does|do|is|are|should|will)( |$)', $1::smallint, ${ownersOfNew}
       from (
         -- Per keyword, the newest value the rows give for each number (a row without a number does not erase it);
         -- only rows that carry a number are sorted, so a plain SERP file costs one hash aggregate.
         select b.territory, b.keyword, b.month, m.volume, m.history, m.cpc, m.competition, m.difficulty, m.result_count
         from (select territory, keyword, date_trunc('month', max(observed_on))::date as month from warehouse_staging group by territory, keyword) b
         left join (
           select territory, keyword,
             (array_agg(volume order by observed_on desc) filter (where volume is not null))[1] as volume,
             -- arrays of arrays would become a 2-d array: carry the history as text
             string_to_array((array_agg(array_to_string(volume_history, ',') order by observed_on desc) filter (where volume_history is not null))[1], ',')::int[] as history,
             (array_agg(cpc order by observed_on desc) filter (where cpc is not null))[1] as cpc,
             (array_agg(competition order by observed_on desc) filter (where competition is not null))[1] as competition,
             (array_agg(difficulty order by observed_on desc) filter (where difficulty is not null))[1] as difficulty,
             (array_agg(result_count order by observed_on desc) filter (where result_count is not null))[1] as result_count
           from warehouse_staging
           where volume is not null or volume_history is not null or cpc is not null or competition is not null or difficulty is not null or result_count is not null
           group by territory, keyword
         ) m on m.territory = b.territory and m.keyword = b.keyword
         where not exists (select 1 from keyword e where e.territory = b.territory and e.term = b.keyword)
       ) k
       on conflict (territory, term) do nothing
       returning territory, term)
       insert into warehouse_new_keyword select * from added`, [sourceId, ownerUserId]));
    await client.query(
      `update keyword k set owner_user_ids = ${ownersAfter('k')} from (select distinct territory, keyword from warehouse_staging) s
       where k.territory = s.territory and k.term = s.keyword and ${ownersChange('k')}`, [ownerUserId]);
    step('keywords');
    const pagesAdded = count(await client.query(
      `insert into page (domain_id, url, title, source_id, owner_user_ids)
       select d.id, s.url, s.title, $1::smallint, ${ownersOfNew}
       from (
         -- One title per new page: the greatest the rows give (a hash aggregate; the same file always gives the same).
         select url, min(domain) as domain, max(title) as title from warehouse_staging s
         where url is not null and not exists (select 1 from page p where p.url = s.url)
         group by url
       ) s join domain d on d.name = s.domain
       on conflict (url) do nothing`, [sourceId, ownerUserId]));
    await client.query(
      `update page p set owner_user_ids = ${ownersAfter('p')} from (select distinct url from warehouse_staging where url is not null) s
       where p.url = s.url and ${ownersChange('p')}`, [ownerUserId]);
    step('pages');
    // One import per owner at a time: the anti-join below then sees every row that could collide (the unique index
    // still guards against anything else), and a plain INSERT is much cheaper than ON CONFLICT's speculative one.
    await client.query('select pg_advisory_xact_lock($1, hashtext(coalesce($2::text, \'\')))', [writerLockId, ownerUserId]);
    const sameOwner = ownerUserId === null ? 'o.owner_user_id is null' : 'o.owner_user_id = $2::uuid';
    const observationsAdded = count(await client.query(
      `insert into serp_observation (keyword_id, observed_on, position, owner_user_id, territory, domain_id, page_id, clicks, impressions, source_id)
       select distinct on (k.id, s.observed_on, s.position) k.id, s.observed_on, s.position, $2::uuid, s.territory, p.domain_id, p.id, s.clicks, s.impressions, $1::smallint
       from warehouse_staging s
         join keyword k on k.territory = s.territory and k.term = s.keyword
         join page p on p.url = s.url
       where s.position is not null
         and not exists (select 1 from serp_observation o where o.keyword_id = k.id and o.observed_on = s.observed_on and o.position = s.position and ${sameOwner})
       -- In the natural key's order (twice in the file: the first URL wins): new keys then append to the index's right
       -- edge instead of landing anywhere.
       order by k.id, s.observed_on, s.position, s.url`, [sourceId, ownerUserId]));
    step('observations');
    const newKeywordOnlyRows = Number((await client.query<{ n: string }>(
      `select count(distinct (s.territory, s.keyword)) as n from warehouse_staging s
       join warehouse_new_keyword k on k.territory = s.territory and k.term = s.keyword where s.position is null`)).rows[0]!.n);

    // The months and monthly ranks come from the staged results: each month's row of a (keyword, position) is its
    // newest observation (a later day replaces it, the same or an earlier day leaves it). Each owner has its own
    // monthly rows (organic_rank's key includes the owner), so a user's import never hides another's rows.
    const months = (await client.query<{ month: string }>(
      `select distinct to_char(date_trunc('month', observed_on), 'YYYY-MM-DD') as month from warehouse_staging where position is not null order by 1`)).rows.map((row) => row.month);
    for (const month of months) await ensurePartition(client, month);
    const ranksAdded = count(await client.query(
      `insert into organic_rank (month, keyword_id, position, owner_user_id, territory, domain_id, page_id, clicks, source_id, observed_on)
       select r.month, r.keyword_id, r.position, $2::uuid, r.territory, p.domain_id, p.id,
         coalesce(r.clicks, round(k.volume * ${ctrSql('r.position')})::int), $1::smallint, r.observed_on
       from (
         -- Each month's newest result per (keyword, position); the clicks estimate is computed for those rows only.
         select distinct on (month, k.id, s.position) date_trunc('month', s.observed_on)::date as month, k.id as keyword_id, s.position,
           s.territory, s.url, s.clicks, s.observed_on
         from warehouse_staging s join keyword k on k.territory = s.territory and k.term = s.keyword
         where s.position is not null
         order by month, k.id, s.position, s.observed_on desc
       ) r
         join keyword k on k.id = r.keyword_id
         join page p on p.url = r.url
       -- The month shows its newest observation: a later day (tomorrow's rank refresh) replaces the row, the same or an
       -- earlier day (a file imported again, an older archive) leaves it. Demo-market rows have no day: any observation
       -- of their month is newer.
       on conflict (month, keyword_id, position, owner_user_id) do update
         set territory = excluded.territory, domain_id = excluded.domain_id, page_id = excluded.page_id, clicks = excluded.clicks,
           source_id = excluded.source_id, observed_on = excluded.observed_on
         where organic_rank.observed_on is null or excluded.observed_on > organic_rank.observed_on`, [sourceId, ownerUserId ?? installationOwner]));
    step('monthly ranks');
    if (months.length) {
      for (const statement of warehouseRollupSql(months)) await client.query(statement.sql, statement.params);
      step('roll-up');
      await client.query(
        `update data_source set first_month = least(first_month, $2::date), last_month = greatest(last_month, $3::date) where id = $1`,
        [sourceId, months[0], months.at(-1)]);
    }
    if (own) await client.query('commit');
    step('commit');
    const landed = observationsAdded + newKeywordOnlyRows;
    return { rows: counter.rows, landed, duplicates: counter.rows - landed, keywordsAdded, domainsAdded, pagesAdded, ranksAdded: ranksAdded, months };
  } catch (error) {
    if (own) await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/**
 * Creates the month's organic_rank partition when it is missing and the default partition holds none of its rows
 * (PostgreSQL refuses a partition whose rows sit in the default one; they then stay there, which is correct, only
 * slower to read).
 */
async function ensurePartition(client: pg.ClientBase, month: string): Promise<void> {
  const exists = await client.query('select 1 from pg_class where relname = $1', [organicRankPartitionName(month)]);
  if (exists.rowCount) return;
  const inDefault = await client.query(
    `select 1 from organic_rank_default where month >= $1::date and month < ($1::date + interval '1 month') limit 1`, [month]);
  if (!inDefault.rowCount) await client.query(organicRankPartitionSql(month));
}

export interface NewWarehouseSource {
  kind: 'import' | 'provider';
  /** What a person reads: the file name, or the provider and its request. */
  label: string;
  details?: Record<string, unknown>;
  ownerUserId: string | null;
}

/** Adds the data_source row that landed rows will carry; returns what `landWarehouseRows` takes. */
export async function createWarehouseSource(client: pg.ClientBase, source: NewWarehouseSource): Promise<WarehouseSource> {
  const result = await client.query<{ id: number }>(
    `insert into data_source (kind, label, details, owner_user_id, loaded_at) values ($1, $2, $3::jsonb, $4, now()) returning id`,
    [source.kind, source.label, JSON.stringify(source.details ?? {}), source.ownerUserId]);
  return { sourceId: result.rows[0]!.id, ownerUserId: source.ownerUserId };
}
