import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { FootprintStats, SearchResult, Suggestion } from '@serpwise/contracts';
import type { DomainOverview } from '@serpwise/research';
import { HttpSession } from '../../infra/test/http-session.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';

jest.setTimeout(60_000);

let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;

beforeAll(async () => {
  testApp = await startTestApp({ tinyMarket: true });
  ({ database, baseUrl } = testApp);
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

const get = (path: string, headers: Record<string, string> = {}) => fetch(baseUrl + path, { headers: { accept: 'application/json', ...headers } });
const search = async (query: string, extra = '') => {
  const response = await get(`/Endpoints/Search/JsonSearch?query=${encodeURIComponent(query)}${extra}`);
  return { status: response.status, body: (await response.json()) as SearchResult & { message?: string } };
};

describe('JsonSearch', () => {
  it('resolves a domain, however it is typed, and says the data is the demo market', async () => {
    const { status, body } = await search('https://www.ShopSphere.example/');
    expect(status).toBe(200);
    expect(body).toMatchObject({ cleansedQuery: 'shopsphere.example', resultType: 'Domain', wasQueryFound: true, isSerpBacked: true, countryCode: 'US', isDemoData: true });
    const [row] = await database.query<{ id: number }>(`select id from domain where name = 'shopsphere.example'`);
    expect(body.queryId).toBe(row!.id);
  });

  it('resolves a URL the warehouse ranks', async () => {
    const [page] = await database.query<{ id: number; url: string }>(
      `select p.id, p.url from page p join organic_rank r on r.page_id = p.id where r.territory = 'US' and p.url like '%/s/%' limit 1`,
    );
    const { body } = await search(page!.url.replace('https://www.', 'http://'));
    expect(body).toMatchObject({ resultType: 'URL', wasQueryFound: true, isSerpBacked: true, queryId: page!.id });
  });

  it('resolves a keyword per territory, and reports one it does not know', async () => {
    const [keyword] = await database.query<{ id: number; term: string }>(`select id, term from keyword where territory = 'UK' order by volume desc limit 1`);
    const { body } = await search(`  ${keyword!.term.toUpperCase()} `, '&countryCode=gb');
    expect(body).toMatchObject({ cleansedQuery: keyword!.term, resultType: 'Term', wasQueryFound: true, isSerpBacked: true, queryId: keyword!.id, countryCode: 'UK' });
    const missing = await search('zebra saddle polish');
    expect(missing.body).toMatchObject({ resultType: 'Term', wasQueryFound: false, isSerpBacked: false, queryId: null });
  });

  it('tries a quoted query as an exact keyword first, then as what it looks like', async () => {
    await database.query(`insert into keyword (territory, term, volume, volume_history, history_start, cpc, competition, difficulty, result_count, source_id)
      values ('US', 'askloop.example', 90, '{90}', '2026-10-01', 1, 0.1, 10, 1000, 1)`);
    expect((await search('"askloop.example"')).body).toMatchObject({ resultType: 'Term', wasQueryFound: true, cleansedQuery: 'askloop.example' });
    expect((await search('askloop.example')).body).toMatchObject({ resultType: 'Domain', wasQueryFound: true });
    expect((await search('"wikiverse.example"')).body).toMatchObject({ resultType: 'Domain', wasQueryFound: true });
  });

  it('answers 400 for a malformed query, on any spelling of the path', async () => {
    for (const query of ['www..shopsphere.example', 'ftp://files.example/x', 'shop_sphere.example/path']) {
      const response = await get(`/endpoints/search/jsonsearch?query=${encodeURIComponent(query)}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ statusCode: 400, message: 'It looks like you mis-typed the url in your search.' });
    }
    expect((await search('')).status).toBe(400);
    expect((await search('running shoes', '&isSiteQuery=true')).status).toBe(400);
    const country = await search('running shoes', '&countryCode=XX');
    expect(country.status).toBe(400);
    expect(country.body.message).toMatch(/not available for the country "XX"/);
  });
});

describe('suggestions', () => {
  it('suggests keywords by prefix, most searched first, five by default', async () => {
    const response = await get('/NsaApi/suggest/getkeywordsuggestions?query=Best&countryCode=US');
    expect(response.status).toBe(200);
    const list = (await response.json()) as Suggestion[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(5);
    expect(list.every((item) => item.type === 'term' && item.value.includes('best'))).toBe(true);
    expect(list.map((item) => item.popularity)).toEqual([...list.map((item) => item.popularity)].sort((a, b) => b - a));
  });

  it('suggests domains, and mixes both kinds in the general call', async () => {
    const domains = (await (await get('/nsaapi/suggest/getdomainsuggestions?query=www.shop')).json()) as Suggestion[];
    expect(domains[0]).toMatchObject({ value: 'shopsphere.example', type: 'domain' });
    const mixed = (await (await get('/NsaApi/suggest/getsuggestions?query=s&limit=10')).json()) as Suggestion[];
    expect(new Set(mixed.map((item) => item.type))).toEqual(new Set(['term', 'domain']));
    expect(((await (await get('/NsaApi/suggest/getsuggestions?query=')).json()) as Suggestion[])).toEqual([]);
    expect((await get('/NsaApi/suggest/getsuggestions?query=a&limit=99')).status).toBe(400);
  });

  // How fast suggestions follow typing is the research benchmark's target (infra/bench/research.bench.mjs,
  // suggestions p95), measured against its anchor: a timed assertion here fails on a busy machine, not a slow app.
  it('follows typing: every longer prefix still answers suggestions that hold it', async () => {
    for (const prefix of ['r', 'ru', 'run', 'runn', 'runni', 'runnin', 'running']) {
      const suggestions = (await (await get(`/NsaApi/suggest/getsuggestions?query=${prefix}`)).json()) as Suggestion[];
      expect(suggestions.length).toBeGreaterThan(0);
      expect(suggestions.every((item) => item.value.includes(prefix))).toBe(true);
    }
  });
});

describe('missed-search log', () => {
  const path = '/endpoints/accountapi/performloggedineventlogging?eventName=Search_Domain_Missed&eventCategory=Missed%20Search%20-%20Domain&eventAction=DomainNotFound&pageName=';
  const count = async () => Number((await database.query<{ n: string }>('select count(*) as n from missed_search_event'))[0]!.n);

  it('answers a visitor 200 and stores nothing', async () => {
    const visitor = new HttpSession(baseUrl);
    await visitor.open();
    expect((await visitor.get(path)).status).toBe(200);
    expect((await get(path)).status).toBe(200);
    expect(await count()).toBe(0);
  });

  it('stores the event of a logged-in user', async () => {
    const user = new HttpSession(baseUrl);
    await user.open();
    const [session] = await database.query<{ id: string }>('update session set user_id = gen_random_uuid() where id = (select id from session order by created_at desc limit 1) returning id');
    const response = await user.get(`${path}&query=nothere.example`);
    expect(await response.json()).toEqual({ logged: true });
    const rows = await database.query('select event_name, event_category, event_action, page_name, query, territory, session_id from missed_search_event');
    expect(rows).toEqual([{ event_name: 'Search_Domain_Missed', event_category: 'Missed Search - Domain', event_action: 'DomainNotFound', page_name: null, query: 'nothere.example', territory: 'US', session_id: session!.id }]);
    const bad = await user.get('/endpoints/accountapi/performloggedineventlogging?eventName=Search_Everything_Missed');
    expect(bad.status).toBe(400);
    const mismatched = await user.get('/endpoints/accountapi/performloggedineventlogging?eventName=Search_Url_Missed&eventAction=DomainNotFound');
    expect(mismatched.status).toBe(400);
    expect(await count()).toBe(1);
  });
});

describe('research reads', () => {
  it('reports the footprint and that it is demo data', async () => {
    const footprint = (await (await get('/rest/research/footprint')).json()) as FootprintStats;
    expect(footprint).toMatchObject({ isDemoData: true, latestMonth: '2026-10-01', totalDomains: 50 });
  });

  it('gives a domain overview whose history adds up from the ranks (its traffic value to a full user only)', async () => {
    const full = await loggedInSession(baseUrl, await createTestUser(database, { roles: ['full'] }));
    const response = await full.get('/rest/research/domain-overview?domain=www.wikiverse.example&countryCode=US');
    expect(response.status).toBe(200);
    const overview = (await response.json()) as DomainOverview;
    expect(overview.history).toHaveLength(24);
    expect(overview.month).toBe('2026-10-01');
    const [sums] = await database.query<{ clicks: string; keywords: string; value: string }>(
      `select sum(r.clicks) as clicks, count(*) as keywords, round(sum(r.clicks * k.cpc), 2) as value
       from organic_rank r join keyword k on k.id = r.keyword_id
       where r.domain_id = $1 and r.territory = 'US' and r.month = '2026-10-01'`,
      [overview.domainId],
    );
    expect(overview.latest).toMatchObject({ clicks: Number(sums!.clicks), keywords: Number(sums!.keywords), value: Number(sums!.value) });
    // A paid figure (issue 24: one paywall): a visitor gets the same overview without it.
    const visitor = (await (await get('/rest/research/domain-overview?domain=www.wikiverse.example&countryCode=US')).json()) as DomainOverview;
    expect(visitor.latest).toMatchObject({ clicks: Number(sums!.clicks), keywords: Number(sums!.keywords), value: null });
    expect((await get('/rest/research/domain-overview?domain=nobody.example')).status).toBe(404);
    expect((await get('/rest/research/domain-overview?domain=not a domain')).status).toBe(400);
  });
});
