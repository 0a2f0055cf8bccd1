import type pg from 'pg';
import { paidCtr } from '../formulas/click-through.js';
import { backlinkTotalsSql } from '../warehouse/backlink-totals.js';
import { warehouseRollupSql } from '../warehouse/domain-month-rollup.js';
import { domainOfUrl, type WarehouseRow } from '../warehouse/warehouse-row.js';
import { landWarehouseRows } from '../warehouse/warehouse-writer.js';

/*
 * Lands what a research data provider gave for one subject (issue 20) in the warehouse, as installation data under
 * the fetch's data_source: organic ranks and keywords through the warehouse writer, and what the writer has no rows
 * for — the provider's whole-domain months, its competitors, ads and backlinks — here. Each step is its own
 * transaction, so the page fills in as each lands; each is idempotent (a retried job lands the same rows once).
 * The figures' shapes are defined here, below platform, and the research data port (@serpwise/platform research-data)
 * gives its answers in them, so a provider's answer lands as it is.
 */

/** A keyword's numbers as a provider gives them (Google Ads figures). */
export interface KeywordNumbersRow {
  keyword: string;
  volume: number | null;
  /** Monthly volumes, oldest first: month YYYY-MM-01. */
  volumeHistory: { month: string; volume: number | null }[];
  cpc: number | null;
  /** 0–1. */
  competition: number | null;
  /** 0–100. */
  difficulty: number | null;
}

/** A domain's figures for one month, as a provider estimates them over all its keywords. */
export interface DomainFiguresRow {
  organicKeywords: number | null;
  top3: number | null;
  top10: number | null;
  organicClicks: number | null;
  organicValue: number | null;
  paidKeywords: number | null;
  paidClicks: number | null;
  paidBudget: number | null;
}

export interface ProviderLanding {
  sourceId: number;
  territory: string;
  /** The day of the fetch, YYYY-MM-DD: ranks, ads and keyword numbers land in its month. */
  date: string;
}

const monthOfDay = (day: string) => `${day.slice(0, 7)}-01`;

/** The bare host of a provider's domain name (lower case, no www.). */
const hostOf = (name: string) => name.trim().toLowerCase().replace(/^www\./, '');

/** Runs `work` in one transaction on the client. */
async function inTransaction<T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await work();
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

async function rollUp(client: pg.ClientBase, months: readonly string[]) {
  if (!months.length) return;
  // Its organic ranks landed through landWarehouseRows, which rolled up the competitors they change; ads, links and
  // provider figures change none.
  for (const statement of warehouseRollupSql([...new Set(months)].sort(), { changedDomainMonths: 'none' })) await client.query(statement.sql, statement.params);
}

/** Domain ids by name, adding the missing ones as installation data (and making a user-only one everyone's). */
async function domainIds(client: pg.ClientBase, sourceId: number, names: readonly string[]): Promise<Map<string, number>> {
  const distinct = [...new Set(names)];
  if (!distinct.length) return new Map();
  await client.query(
    `insert into domain (name, source_id) select unnest($1::text[]), $2::smallint on conflict (name) do update set owner_user_ids = null where domain.owner_user_ids is not null`,
    [distinct, sourceId]);
  const rows = (await client.query<{ id: number; name: string }>('select id, name from domain where name = any($1::text[])', [distinct])).rows;
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Page ids by URL (their domains added first), likewise. */
async function pageIds(client: pg.ClientBase, sourceId: number, pages: readonly { url: string; title: string | null }[]): Promise<Map<string, number>> {
  const usable = pages.flatMap((page) => {
    const domain = domainOfUrl(page.url);
    return domain ? [{ ...page, domain }] : [];
  });
  if (!usable.length) return new Map();
  const domains = await domainIds(client, sourceId, usable.map((page) => page.domain));
  const byUrl = new Map(usable.map((page) => [page.url, page]));
  const list = [...byUrl.values()];
  await client.query(
    `insert into page (domain_id, url, title, source_id)
     select d, u, t, $4::smallint from unnest($1::int[], $2::text[], $3::text[]) as x(d, u, t)
     on conflict (url) do update set owner_user_ids = null where page.owner_user_ids is not null`,
    [list.map((page) => domains.get(page.domain)!), list.map((page) => page.url), list.map((page) => page.title), sourceId]);
  const rows = (await client.query<{ id: number; url: string }>('select id, url from page where url = any($1::text[])', [list.map((page) => page.url)])).rows;
  return new Map(rows.map((row) => [row.url, row.id]));
}

/** A keyword's monthly volumes as the warehouse keeps them: oldest first, ending with the fetch's month (null: not given). */
function historyEndingAt(history: KeywordNumbersRow['volumeHistory'], month: string): (number | null)[] | null {
  if (!history.length) return null;
  const byMonth = new Map(history.map((entry) => [entry.month, entry.volume]));
  const end = new Date(`${month}T00:00:00Z`);
  return Array.from({ length: 12 }, (_, index) => {
    const at = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (11 - index), 1)).toISOString().slice(0, 10);
    return byMonth.get(at) ?? null;
  });
}

/** The warehouse row of a keyword's numbers (and, when given, its organic result). */
function keywordRow(landing: ProviderLanding, numbers: KeywordNumbersRow, result?: { position: number; url: string; title: string | null }): WarehouseRow {
  return {
    keyword: numbers.keyword,
    territory: landing.territory,
    date: landing.date,
    volume: numbers.volume,
    volumeHistory: historyEndingAt(numbers.volumeHistory, monthOfDay(landing.date)),
    cpc: numbers.cpc,
    competition: numbers.competition,
    difficulty: numbers.difficulty,
    ...(result ? { position: result.position, url: result.url, title: result.title } : {}),
  };
}

/** A domain's organic keywords with their numbers: search results of the fetch's day, through the warehouse writer. */
export async function landProviderRanks(
  client: pg.ClientBase,
  landing: ProviderLanding,
  rows: readonly (KeywordNumbersRow & { position: number; url: string; title: string | null })[],
): Promise<number> {
  const result = await landWarehouseRows(client, { sourceId: landing.sourceId, ownerUserId: null }, rows.map((row) => keywordRow(landing, row, row)));
  return result.ranksAdded;
}

/** A keyword's results page of the fetch's day (keyword research): its organic results through the warehouse writer. */
export async function landProviderResults(
  client: pg.ClientBase,
  landing: ProviderLanding,
  page: { keyword: string; results: readonly { position: number; url: string; title: string | null }[] },
): Promise<number> {
  const rows: WarehouseRow[] = [
    { keyword: page.keyword, territory: landing.territory, date: landing.date },
    ...page.results.map((result) => ({ keyword: page.keyword, territory: landing.territory, date: landing.date, position: result.position, url: result.url, title: result.title })),
  ];
  return (await landWarehouseRows(client, { sourceId: landing.sourceId, ownerUserId: null }, rows)).ranksAdded;
}

/** Keywords' numbers alone (keyword research): keyword-only rows through the warehouse writer. */
export async function landProviderKeywordNumbers(client: pg.ClientBase, landing: ProviderLanding, rows: readonly KeywordNumbersRow[]): Promise<number> {
  const result = await landWarehouseRows(client, { sourceId: landing.sourceId, ownerUserId: null }, rows.map((row) => keywordRow(landing, row)));
  return result.keywordsAdded + result.duplicates;
}

/** The provider's months of a domain (whole-domain estimates): provider_domain_month, then those months rolled up. */
export async function landProviderMonths(
  client: pg.ClientBase,
  landing: ProviderLanding,
  domain: string,
  months: readonly (DomainFiguresRow & { month: string })[],
): Promise<number> {
  return inTransaction(client, async () => {
    const id = (await domainIds(client, landing.sourceId, [hostOf(domain)])).get(hostOf(domain))!;
    await upsertMonths(client, landing, months.map((month) => ({ ...month, domainId: id })));
    await rollUp(client, months.map((month) => month.month));
    return months.length;
  });
}

async function upsertMonths(client: pg.ClientBase, landing: ProviderLanding, months: readonly (DomainFiguresRow & { month: string; domainId: number })[]) {
  if (!months.length) return;
  const column = <K extends keyof DomainFiguresRow>(key: K) => months.map((month) => month[key]);
  await client.query(
    `insert into provider_domain_month as m (domain_id, territory, month, source_id, organic_keywords, organic_top3, organic_top10, organic_clicks,
       organic_value, paid_keywords, paid_clicks, paid_budget)
     select d, $2, mo, $3::smallint, ok, t3, t10, oc, ov, pk, pc, pb
     from unnest($1::int[], $4::date[], $5::int[], $6::int[], $7::int[], $8::bigint[], $9::numeric[], $10::int[], $11::bigint[], $12::numeric[])
       as x(d, mo, ok, t3, t10, oc, ov, pk, pc, pb)
     on conflict (domain_id, territory, month) do update set source_id = excluded.source_id, organic_keywords = excluded.organic_keywords,
       organic_top3 = excluded.organic_top3, organic_top10 = excluded.organic_top10, organic_clicks = excluded.organic_clicks,
       organic_value = excluded.organic_value, paid_keywords = excluded.paid_keywords, paid_clicks = excluded.paid_clicks, paid_budget = excluded.paid_budget`,
    [months.map((month) => month.domainId), landing.territory, landing.sourceId, months.map((month) => month.month), column('organicKeywords'),
      column('top3'), column('top10'), column('organicClicks'), column('organicValue'), column('paidKeywords'), column('paidClicks'), column('paidBudget')]);
}

/**
 * The competitors a provider names for a domain, in the fetch's month: provider_competitor with the common keywords,
 * and each competitor's own figures of that month (provider_domain_month), so the competitors table has their size.
 */
export async function landProviderCompetitors(
  client: pg.ClientBase,
  landing: ProviderLanding,
  domain: string,
  competitors: readonly { domain: string; commonKeywords: number; figures: DomainFiguresRow | null }[],
): Promise<number> {
  const month = monthOfDay(landing.date);
  return inTransaction(client, async () => {
    const rows = competitors.filter((competitor) => hostOf(competitor.domain) && hostOf(competitor.domain) !== hostOf(domain));
    const ids = await domainIds(client, landing.sourceId, [hostOf(domain), ...rows.map((row) => hostOf(row.domain))]);
    const domainId = ids.get(hostOf(domain))!;
    if (rows.length) {
      await client.query(
        `insert into provider_competitor (domain_id, competitor_domain_id, territory, month, source_id, common_keywords)
         select $1, c, $2, $3::date, $4::smallint, n from unnest($5::int[], $6::int[]) as x(c, n)
         on conflict (domain_id, competitor_domain_id, territory, month) do update set source_id = excluded.source_id, common_keywords = excluded.common_keywords`,
        [domainId, landing.territory, month, landing.sourceId, rows.map((row) => ids.get(hostOf(row.domain))!), rows.map((row) => row.commonKeywords)]);
    }
    await upsertMonths(client, landing, rows.flatMap((row) => (row.figures ? [{ ...row.figures, month, domainId: ids.get(hostOf(row.domain))! }] : [])));
    await rollUp(client, [month]);
    return rows.length;
  });
}

/**
 * A domain's ads (paid keywords) in the fetch's month: the keywords with their numbers through the writer, then one
 * ad_copy per distinct text and a paid_ad row per keyword (paid clicks = volume × paid CTR(position), 0 while the
 * volume is unknown: paid_ad has no unknown), a result already held by another ad in that slot is left as it is.
 */
export async function landProviderAds(
  client: pg.ClientBase,
  landing: ProviderLanding,
  domain: string,
  ads: readonly (KeywordNumbersRow & { position: number; url: string; headline: string; body: string; displayUrl: string })[],
): Promise<number> {
  if (!ads.length) return 0;
  await landProviderKeywordNumbers(client, landing, ads);
  const month = monthOfDay(landing.date);
  return inTransaction(client, async () => {
    const domainId = (await domainIds(client, landing.sourceId, [hostOf(domain)])).get(hostOf(domain))!;
    const pages = await pageIds(client, landing.sourceId, ads.map((ad) => ({ url: ad.url, title: ad.headline })));
    const usable = ads.filter((ad) => pages.has(ad.url));
    // One ad text per (headline, body, display URL, landing page) of the domain: found, or added.
    const copies = (await client.query<{ id: number; key: string }>(
      `with wanted as (select distinct h, b, u, p from unnest($2::text[], $3::text[], $4::text[], $5::int[]) as x(h, b, u, p)),
         added as (insert into ad_copy (domain_id, headline, body, display_url, page_id, source_id)
           select $1, h, b, u, p, $6::smallint from wanted w
           where not exists (select 1 from ad_copy a where a.domain_id = $1 and a.headline = w.h and a.body = w.b and a.display_url = w.u and a.page_id = w.p)
           returning id, headline, body, display_url, page_id)
       select id, concat_ws(chr(1), headline, body, display_url, page_id) as key from added
       union all select a.id, concat_ws(chr(1), a.headline, a.body, a.display_url, a.page_id) from ad_copy a join wanted w
         on a.domain_id = $1 and a.headline = w.h and a.body = w.b and a.display_url = w.u and a.page_id = w.p`,
      [domainId, usable.map((ad) => ad.headline), usable.map((ad) => ad.body), usable.map((ad) => ad.displayUrl), usable.map((ad) => pages.get(ad.url)!), landing.sourceId])).rows;
    const copyOf = new Map(copies.map((copy) => [copy.key, copy.id]));
    const keyOf = (ad: (typeof usable)[number]) => [ad.headline, ad.body, ad.displayUrl, pages.get(ad.url)].join('\u0001');
    const inserted = await client.query(
      `insert into paid_ad (month, keyword_id, position, territory, domain_id, ad_copy_id, clicks, source_id)
       select $1::date, k.id, x.pos, $2, $3, x.copy, x.clicks, $4::smallint
       from unnest($5::text[], $6::int[], $7::int[], $8::int[]) as x(term, pos, copy, clicks)
       join keyword k on k.territory = $2 and k.term = x.term
       on conflict (month, keyword_id, position) do nothing`,
      [month, landing.territory, domainId, landing.sourceId, usable.map((ad) => ad.keyword), usable.map((ad) => ad.position),
        usable.map((ad) => copyOf.get(keyOf(ad))!), usable.map((ad) => (ad.volume === null ? 0 : Math.round(ad.volume * paidCtr(ad.position))))]);
    await rollUp(client, [month]);
    return inserted.rowCount ?? 0;
  });
}

/** A domain's backlinks: both ends' pages (and sites) added, one backlink row per (source page, target page, anchor). */
export async function landProviderBacklinks(
  client: pg.ClientBase,
  landing: ProviderLanding,
  links: readonly { urlFrom: string; urlTo: string; titleFrom: string | null; anchor: string; nofollow: boolean; firstSeen: string; lostOn: string | null }[],
): Promise<number> {
  if (!links.length) return 0;
  return inTransaction(client, async () => {
    const pages = await pageIds(client, landing.sourceId, [
      ...links.map((link) => ({ url: link.urlFrom, title: link.titleFrom })),
      ...links.map((link) => ({ url: link.urlTo, title: null })),
    ]);
    const usable = links.filter((link) => pages.has(link.urlFrom) && pages.has(link.urlTo));
    const inserted = await client.query(
      `insert into backlink (source_page_id, source_domain_id, target_page_id, target_domain_id, anchor, nofollow, first_seen, last_seen, source_id)
       select distinct on (x.sp, x.tp, x.anchor) x.sp, s.domain_id, x.tp, t.domain_id, x.anchor, x.nofollow, x.first_seen, x.lost_on, $1::smallint
       from unnest($2::int[], $3::int[], $4::text[], $5::bool[], $6::date[], $7::date[]) as x(sp, tp, anchor, nofollow, first_seen, lost_on)
       join page s on s.id = x.sp join page t on t.id = x.tp
       where not exists (select 1 from backlink b where b.source_page_id = x.sp and b.target_page_id = x.tp and b.anchor = x.anchor)`,
      [landing.sourceId, usable.map((link) => pages.get(link.urlFrom)!), usable.map((link) => pages.get(link.urlTo)!), usable.map((link) => link.anchor),
        usable.map((link) => link.nofollow), usable.map((link) => link.firstSeen), usable.map((link) => link.lostOn)]);
    // The stored link counts of the domains linked to (warehouse/backlink-totals.ts).
    const targets = await client.query<{ domain_id: number }>('select distinct domain_id from page where id = any($1::int[])', [usable.map((link) => pages.get(link.urlTo)!)]);
    for (const statement of backlinkTotalsSql({ domainIds: targets.rows.map((row) => row.domain_id) })) await client.query(statement.sql, statement.params);
    return inserted.rowCount ?? 0;
  });
}
