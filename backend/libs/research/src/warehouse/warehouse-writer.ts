import { organicRankPartitionName, organicRankPartitionSql } from '@serpwise/database';
import type pg from 'pg';
import { organicCtr } from '../formulas/click-through.js';
import { installationOwner } from '../viewer-scope.js';
import { warehouseRollupSql } from './domain-month-rollup.js';
import { landOwnedKeywordNumbers, ownedDomainMonthRollupSql } from './owned-figures.js';
import { organicKeywordFiguresSql } from './organic-rollup.js';
import { prepareStagingTables, stageRows, type StagingOptions, type WarehouseRows } from './warehouse-staging.js';


/** Where the rows come from: their data_source row and the user who owns them (null: installation-wide). */
export interface WarehouseSource {
  sourceId: number;
  ownerUserId: string | null;
}

export interface LandOptions extends StagingOptions {
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

/**
 * Per keyword of the staged rows (those `where` keeps): the month of its newest row and the newest known value of each
 * number (null when no row knows it). A keyword staged under two references (its dictionary filled up in between)
 * takes the newest of each number; on the same day the later reference's, which holds the later rows.
 */
const newestKeywordNumbers = (where: string) => `
  select territory, term, date_trunc('month', max(newest))::date as month,
    (array_agg(volume order by volume_on desc, ref desc) filter (where volume is not null))[1] as volume,
    -- arrays of arrays would become a 2-d array: carry the history as text, a month not known as '' and back to null
    string_to_array((array_agg(array_to_string(volume_history, ',', '') order by volume_history_on desc, ref desc) filter (where volume_history is not null))[1], ',', '')::int[] as history,
    (array_agg(cpc order by cpc_on desc, ref desc) filter (where cpc is not null))[1] as cpc,
    (array_agg(competition order by competition_on desc, ref desc) filter (where competition is not null))[1] as competition,
    (array_agg(difficulty order by difficulty_on desc, ref desc) filter (where difficulty is not null))[1] as difficulty,
    (array_agg(result_count order by result_count_on desc, ref desc) filter (where result_count is not null))[1] as result_count
  from warehouse_keyword_ref r
  ${where}
  group by territory, term`;

/** CTR(position) as SQL, from the same curve the demo market uses (formulas/click-through.ts). */
const ctrSql = (position: string) =>
  `coalesce((array[${Array.from({ length: 20 }, (_, index) => organicCtr(index + 1)).join(',')}]::numeric[])[${position}], 0.001)`;

const count = (result: pg.QueryResult) => result.rowCount ?? 0;

/** Advisory lock class of "landing rows for one owner" (the second key is the owner's hash). */
const writerLockId = 4_004_002;

/** First day of an observation's month, without date_trunc's detour through a time zone. */
const monthOf = (day: string) => `(${day} - (extract(day from ${day})::int - 1))`;

/** The installation domains ranking, in a landed month, for a keyword landed in it (by the primary key per keyword). */
const noteRankDomainMonths = `insert into warehouse_rank_domain_month (domain_id, territory, month)
  select distinct r.domain_id, r.territory, r.month from organic_rank r
  join (select distinct ${monthOf('o.observed_on')} as month, k.keyword_id from warehouse_month_candidate o join warehouse_keyword_id k on k.ref = o.keyword_ref) c
    on r.month = c.month and r.keyword_id = c.keyword_id
  where r.owner_user_id = '${installationOwner}'`;

/**
 * Lands rows in the warehouse for one source, idempotently: the rows are streamed with COPY into temporary staging
 * tables (warehouse-staging.ts: each keyword and URL once, each search result as integers), then keywords, domains
 * and pages that are new are added, the search results go into serp_observation by their natural key (keyword, day,
 * position, owner; a key already there is skipped, so the same rows twice add nothing twice), each month's newest
 * observation becomes the monthly organic_rank row, and the months touched are rolled up (warehouseRollupSql for
 * installation rows, the owner's roll-up for a user's). All
 * in one transaction: a failure lands nothing.
 *
 * Keywords, domains and pages already in the warehouse keep their numbers (the first source owns a row) and learn only
 * what they did not know (fillUnknownNumbers); a new keyword takes the newest value the rows give for each number,
 * null when none does (unknown, never 0). A monthly rank's clicks are the source's own, else volume × CTR(position),
 * null while the volume is unknown. An import's numbers are also kept for its owner, and win for them
 * (owned-figures.ts; docs/decisions.md, "Issue 19: the user's data wins for that user"), with the owner's roll-up of
 * the months. A user's rows are seen by that user only: organic_rank and serp_observation rows carry the owner
 * (installationOwner for installation data), and keywords, domains and pages only imports brought list their
 * importers in owner_user_ids (null: installation data has them, everyone sees them; viewer-scope.ts). Twice in the rows, a search result (keyword, day, position) is the
 * first row's.
 */
export async function landWarehouseRows(
  client: pg.ClientBase,
  source: WarehouseSource,
  rows: WarehouseRows,
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
    // Sorts and hash joins over a million staged rows stay in memory; the staging tables in local buffers (this
    // takes effect only before the session's first temporary table; later imports on a pooled connection keep it).
    await client.query(`set local work_mem = '256MB'`);
    // Compiling a statement's expressions (JIT) costs more than it saves on these inserts, once per statement.
    await client.query('set local jit = off');
    // PostgreSQL refuses a new temp_buffers once the session has used temporary tables: then keep what it has.
    await client.query('savepoint warehouse_temp_buffers');
    try {
      await client.query(`set local temp_buffers = '128MB'`);
      await client.query('release savepoint warehouse_temp_buffers');
    } catch {
      await client.query('rollback to savepoint warehouse_temp_buffers');
    }
    await prepareStagingTables(client);
    await client.query('create temp table if not exists warehouse_new_keyword (territory varchar(2), term text) on commit drop');
    await client.query('create temp table if not exists warehouse_new_domain (name text) on commit drop');
    // The staged references resolved to warehouse ids; `added`: the keyword is new, this landing added it; `volume`: its
    // volume once this landing's numbers are in (what the monthly ranks' clicks are estimated from).
    await client.query('create temp table if not exists warehouse_keyword_id (ref int, keyword_id int, territory varchar(2), added boolean, volume int) on commit drop');
    await client.query('create temp table if not exists warehouse_page_id (ref int, page_id int, domain_id int) on commit drop');
    await client.query('truncate warehouse_new_keyword, warehouse_new_domain, warehouse_keyword_id, warehouse_page_id');
    const staged = await stageRows(client, rows, options);
    await client.query('analyze warehouse_observation, warehouse_keyword_ref, warehouse_url_ref, warehouse_month_candidate');
    step('copy into staging');
    const { sourceId, ownerUserId } = source;
    const owner = ownerUserId ?? installationOwner;
    // Who sees what the rows bring (docs/decisions.md, "Imported rows are private"): a keyword, site or page only
    // imports brought lists its importers; once installation data brings it, everyone sees it (owner_user_ids null).
    const ownersOfNew = 'case when $2::uuid is null then null else array[$2::uuid] end';
    const ownersAfter = (alias: string) => `case when $1::uuid is null then null else array_append(${alias}.owner_user_ids, $1::uuid) end`;
    const ownersChange = (alias: string) => `${alias}.owner_user_ids is not null and ($1::uuid is null or not $1::uuid = any(${alias}.owner_user_ids))`;

    const domainsAdded = count(await client.query(
      `with added as (insert into domain (name, source_id, owner_user_ids) select distinct domain, $1::smallint, ${ownersOfNew} from warehouse_url_ref where domain is not null
       on conflict (name) do nothing returning name)
       insert into warehouse_new_domain select name from added`, [sourceId, ownerUserId]));
    await client.query(
      `update domain d set owner_user_ids = ${ownersAfter('d')} from (select distinct domain from warehouse_url_ref) s
       where d.name = s.domain and ${ownersChange('d')}`, [ownerUserId]);
    step('domains');
    const keywordsAdded = count(await client.query(
      `with added as (insert into keyword (territory, term, volume, volume_history, history_start, cpc, competition, difficulty, result_count, is_question, source_id, owner_user_ids)
       -- Unknown stays unknown (docs/decisions.md, issue 19): a number no row gives is null, never 0.
       select territory, term, coalesce(volume, history[array_upper(history, 1)]), coalesce(history, case when volume is not null then array[volume] end),
         (month - make_interval(months => coalesce(array_length(history, 1), 1) - 1))::date,
         cpc, case when competition > 1 then 1 else competition end, difficulty, result_count,
         term ~ '^(how|what|why|when|where|who|which|can|does|do|is|are|should|will)( |$)', $1::smallint, ${ownersOfNew}
       from (${newestKeywordNumbers('where not exists (select 1 from keyword e where e.territory = r.territory and e.term = r.term)')}
       ) k
       on conflict (territory, term) do nothing
       returning territory, term)
       insert into warehouse_new_keyword select * from added`, [sourceId, ownerUserId]));
    await fillUnknownNumbers(client, ownerUserId);
    await client.query(
      `update keyword k set owner_user_ids = ${ownersAfter('k')} from (select distinct territory, term from warehouse_keyword_ref) s
       where k.territory = s.territory and k.term = s.term and ${ownersChange('k')}`, [ownerUserId]);
    await client.query(
      `insert into warehouse_keyword_id select r.ref, k.id, k.territory, n.term is not null, k.volume from warehouse_keyword_ref r
       join keyword k on k.territory = r.territory and k.term = r.term left join warehouse_new_keyword n on n.territory = r.territory and n.term = r.term`);
    const knownKeywords = Number((await client.query<{ n: string }>('select count(*) filter (where not added) as n from warehouse_keyword_id')).rows[0]!.n);
    step('keywords');
    // The importer's own keyword numbers win for them (owned-figures.ts), and count in their roll-up below.
    if (ownerUserId !== null) {
      await landOwnedKeywordNumbers(client, ownerUserId, sourceId);
      step('own keyword numbers');
    }
    // Pages: the URLs already known are resolved first, in one join over page (the only pass over that table; it was
    // three: the new pages' anti-join, the owner lists' update and this); the owner lists change for those only (a new
    // page is added with them); then the rest are added and take the ids their insert returns. Only URLs of sites that
    // were there before are looked up: a site this landing added has no pages yet (a page is its URL's site's), and a
    // file of new sites then needs no pass over page at all (a hash of every page, 750,000 in the bench market). Were
    // one there all the same, the insert below would skip it and it is resolved after it, as a page added meanwhile.
    await client.query('analyze warehouse_new_domain');
    const knownPages = count(await client.query(
      `insert into warehouse_page_id select r.ref, p.id, p.domain_id from warehouse_url_ref r join page p on p.url = r.url
       where not exists (select 1 from warehouse_new_domain n where n.name = r.domain)`));
    if (knownPages) {
      await client.query(
        `update page p set owner_user_ids = ${ownersAfter('p')} from (select distinct page_id from warehouse_page_id) s
         where p.id = s.page_id and ${ownersChange('p')}`, [ownerUserId]);
    }
    const pagesAdded = Number((await client.query<{ n: string }>(
      `with added as (
         insert into page (domain_id, url, title, source_id, owner_user_ids)
         select d.id, s.url, s.title, $1::smallint, ${ownersOfNew}
         from (
           select url, min(domain) as domain, max(title) as title from warehouse_url_ref r
           where r.url is not null and not exists (select 1 from warehouse_page_id w where w.ref = r.ref)
           group by url
         ) s join domain d on d.name = s.domain
         on conflict (url) do nothing
         returning id, url, domain_id),
       noted as (insert into warehouse_page_id select r.ref, a.id, a.domain_id from added a join warehouse_url_ref r on r.url = a.url)
       select count(*) as n from added`, [sourceId, ownerUserId])).rows[0]!.n);
    // Added meanwhile by another owner's landing (the insert above skipped it): resolved as a known page.
    const urlRefs = Number((await client.query<{ n: string }>('select count(*) as n from warehouse_url_ref where url is not null')).rows[0]!.n);
    const resolved = Number((await client.query<{ n: string }>('select count(*) as n from warehouse_page_id')).rows[0]!.n);
    if (resolved < urlRefs) {
      await client.query(
        `update page p set owner_user_ids = ${ownersAfter('p')} from warehouse_url_ref r
         where p.url = r.url and not exists (select 1 from warehouse_page_id w where w.ref = r.ref) and ${ownersChange('p')}`, [ownerUserId]);
      await client.query(`insert into warehouse_page_id select r.ref, p.id, p.domain_id from warehouse_url_ref r join page p on p.url = r.url
        where not exists (select 1 from warehouse_page_id w where w.ref = r.ref)`);
    }
    // A site's results on pages not known (WarehouseRow.site): the site, no page.
    await client.query('insert into warehouse_page_id select r.ref, null, d.id from warehouse_url_ref r join domain d on d.name = r.domain where r.url is null');
    await client.query('analyze warehouse_keyword_id, warehouse_page_id');
    step('pages');
    // One import per owner at a time: the anti-join below then sees every row that could collide (the primary key
    // still guards against anything else), and a plain INSERT is much cheaper than ON CONFLICT's speculative one.
    await client.query('select pg_advisory_xact_lock($1, hashtext(coalesce($2::text, \'\')))', [writerLockId, ownerUserId]);
    // A keyword this landing added has no results yet (nobody else sees it before the commit): only the rows of
    // keywords already there are looked up in serp_observation, which in a large warehouse is the slow part (a scan of
    // the whole table, 1.1 GB in the bench market, for a file of new keywords); a file of new keywords only is read
    // without the union (a million rows through two fewer plan nodes).
    const addedResults = 'select o.*, k.keyword_id, k.territory from warehouse_observation o join warehouse_keyword_id k on k.ref = o.keyword_ref where k.added';
    const knownResults = `select o.*, k.keyword_id, k.territory from warehouse_observation o join warehouse_keyword_id k on k.ref = o.keyword_ref
         where not k.added and not exists (select 1 from serp_observation e where e.keyword_id = k.keyword_id and e.observed_on = o.observed_on
           and e.position = o.position and e.owner_user_id = $2::uuid)`;
    const results = knownKeywords === 0 ? addedResults : keywordsAdded === 0 ? knownResults : `${addedResults} union all ${knownResults}`;
    const observationsAdded = count(await client.query(
      `insert into serp_observation (keyword_id, observed_on, position, owner_user_id, territory, domain_id, page_id, clicks, impressions, source_id)
       select distinct on (o.keyword_id, o.observed_on, o.position) o.keyword_id, o.observed_on, o.position, $2::uuid, o.territory, p.domain_id, p.page_id,
         o.clicks, o.impressions, $1::smallint
       from (${results}) o
         join warehouse_page_id p on p.ref = o.url_ref
       -- In the primary key's order (twice in the rows: the first row wins): new keys then append to the index's right
       -- edge instead of landing anywhere.
       order by o.keyword_id, o.observed_on, o.position, o.seq`, [sourceId, owner]));
    step('observations');
    // A keyword alone lands when it is new, or (an import) when it brought its importer numbers they did not have.
    const ownNumbersLanded = ownerUserId === null ? 'false'
      : 'exists (select 1 from warehouse_keyword_id i join warehouse_owned_keyword o on o.keyword_id = i.keyword_id where i.ref = r.ref)';
    const newKeywordOnlyRows = Number((await client.query<{ n: string }>(
      `select count(distinct (r.territory, r.term)) as n from warehouse_keyword_ref r
       where r.keyword_only and (exists (select 1 from warehouse_new_keyword k where k.territory = r.territory and k.term = r.term) or ${ownNumbersLanded})`)).rows[0]!.n);

    // Each month's row of a (keyword, position) is its newest observation (a later day replaces it, the same or an
    // earlier day leaves it). Each owner has its own monthly rows (organic_rank's key includes the owner), so a
    // user's import never hides another's rows.
    for (const month of staged.months) await ensurePartition(client, month);
    // Installation ranks feed the shared competitor roll-up: note the domains ranking for the landed keywords before
    // and after, whose roll-up alone can change (competitor-rollup.ts). A user's rows change no shared roll-up.
    const installation = ownerUserId === null;
    if (installation) {
      await client.query('create temp table if not exists warehouse_rank_domain_month (domain_id int, territory varchar(2), month date) on commit drop');
      await client.query('truncate warehouse_rank_domain_month');
      await client.query(noteRankDomainMonths);
    }
    // A keyword this landing added has no monthly rows yet (organic_rank's key starts with the month and keyword):
    // its rows go in with a plain INSERT, only the known keywords' through ON CONFLICT's speculative insertion.
    const ranksOf = (keywords: 'added' | 'known') => `insert into organic_rank (month, keyword_id, position, owner_user_id, territory, domain_id, page_id, clicks, impressions, source_id, observed_on)
       select r.month, r.keyword_id, r.position, $2::uuid, r.territory, p.domain_id, p.page_id,
         coalesce(r.clicks, round(r.volume * ${ctrSql('r.position')})::int), r.impressions, $1::smallint, r.observed_on
       from (
         -- Each month's newest result per (keyword, position), among the candidates staging picked (the newest it met
         -- per keyword reference); pages and the clicks estimate for those rows only.
         select distinct on (month, k.keyword_id, o.position) ${monthOf('o.observed_on')} as month, k.keyword_id, o.position, k.territory,
           k.volume, o.url_ref, o.clicks, o.impressions, o.observed_on
         from warehouse_month_candidate o join warehouse_keyword_id k on k.ref = o.keyword_ref
         where ${keywords === 'added' ? 'k.added' : 'not k.added'}
         order by month, k.keyword_id, o.position, o.observed_on desc, o.seq
       ) r
         -- The keyword's volume comes with its id (warehouse_keyword_id): joined to keyword, the planner hashed every
         -- keyword of the warehouse (a million in the bench market) for a file's few thousand.
         join warehouse_page_id p on p.ref = r.url_ref
       ${keywords === 'added' ? '' : `
       -- The month shows its newest observation: a later day (tomorrow's rank refresh) replaces the row, the same or an
       -- earlier day (a file imported again, an older archive) leaves it. Demo-market rows have no day: any observation
       -- of their month is newer.
       on conflict (month, keyword_id, position, owner_user_id) do update
         set territory = excluded.territory, domain_id = excluded.domain_id, page_id = excluded.page_id, clicks = excluded.clicks,
           impressions = excluded.impressions, source_id = excluded.source_id, observed_on = excluded.observed_on
         where organic_rank.observed_on is null or excluded.observed_on > organic_rank.observed_on`}`;
    const ranksAdded = count(await client.query(ranksOf('added'), [sourceId, owner])) + count(await client.query(ranksOf('known'), [sourceId, owner]));
    if (installation) await client.query(noteRankDomainMonths);
    step('monthly ranks');
    const { months } = staged;
    if (months.length) {
      // The shared roll-ups (domain_month, competitors, page_first_month) count installation data only, which a
      // user's rows leave as it was: rebuilding them would re-read every installation rank of the months (460,000 a
      // month in the bench market) to write the same rows again. Only the owner's roll-up changes then.
      const sharedRollups = installation ? warehouseRollupSql(months, { changedDomainMonths: { table: 'warehouse_rank_domain_month' } }) : [];
      for (const statement of [...sharedRollups, ...ownedDomainMonthRollupSql(months, ownerUserId)]) {
        await client.query(statement.sql, statement.params);
      }

      step('roll-up');
      await client.query(
        `update data_source set first_month = least(first_month, $2::date), last_month = greatest(last_month, $3::date) where id = $1`,
        [sourceId, months[0], months.at(-1)]);
    }
    // Keywords whose volume or CPC this landing filled in (rows with a month or not), ranked by rolled-up domains: their
    // SEO keywords roll-up keys (installation keywords only are in it).
    if (installation) await client.query(organicKeywordFiguresSql('warehouse_filled_keyword').sql);
    if (own) await client.query('commit');
    step('commit');
    const landed = observationsAdded + newKeywordOnlyRows;
    return { rows: staged.rows, landed, duplicates: staged.rows - landed, keywordsAdded, domainsAdded, pagesAdded, ranksAdded, months };
  } catch (error) {
    if (own) await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/**
 * Fills what a keyword already in the warehouse does not know (a Search Console query's volume, a CPC) from the rows'
 * newest known values; a known number is never replaced, and an unknown one in the rows changes nothing. Only for
 * keywords the rows' owner alone sees (or installation rows): filling a keyword others see would show them this
 * user's numbers (docs/decisions.md, "Imported rows are private"). Runs before the owner lists change.
 */
async function fillUnknownNumbers(client: pg.ClientBase, ownerUserId: string | null): Promise<void> {
  // The keywords filled: installation ones may be in the SEO keywords roll-up, whose volume and value keys follow them.
  await client.query('create temp table if not exists warehouse_filled_keyword (keyword_id int) on commit drop');
  await client.query('truncate warehouse_filled_keyword');
  await client.query(
    `with filled as (update keyword k set
       volume = coalesce(k.volume, s.volume, s.history[array_upper(s.history, 1)]),
       volume_history = coalesce(k.volume_history, s.history, case when coalesce(k.volume, s.volume) is not null then array[coalesce(k.volume, s.volume)] end),
       history_start = case when k.volume_history is null and s.history is not null
         then (s.month - make_interval(months => array_length(s.history, 1) - 1))::date
         when k.volume_history is null and coalesce(k.volume, s.volume) is not null then s.month else k.history_start end,
       cpc = coalesce(k.cpc, s.cpc), competition = coalesce(k.competition, case when s.competition > 1 then 1 else s.competition end), difficulty = coalesce(k.difficulty, s.difficulty)
     from (${newestKeywordNumbers('where volume is not null or volume_history is not null or cpc is not null or competition is not null or difficulty is not null')}
     ) s
     where k.territory = s.territory and k.term = s.term
       and (k.volume is null or k.volume_history is null or k.cpc is null or k.competition is null or k.difficulty is null)
       and ($1::uuid is null or k.owner_user_ids = array[$1::uuid])
       -- the keywords this import added already took the rows' numbers
       and not exists (select 1 from warehouse_new_keyword n where n.territory = k.territory and n.term = k.term)
     returning k.id)
     insert into warehouse_filled_keyword select id from filled`,
    [ownerUserId]);
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
