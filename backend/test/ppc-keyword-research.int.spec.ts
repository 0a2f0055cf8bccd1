import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { meaningfulWords, warehouseRollupSql } from '@serpwise/research';
import type { HttpSession } from '../../infra/test/http-session.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';

/**
 * PPC and keyword research on a hand-built market: every expectation below is computed from the inline fixtures in
 * plain TypeScript (the formulas of docs/research-data.md), not read back from the warehouse.
 */
jest.setTimeout(60_000);

// ---- fixtures -------------------------------------------------------------------------------------------------
const AUG = '2026-08-01';
const SEP = '2026-09-01';
const OCT = '2026-10-01';
const M = OCT;
const paidCtr = [0.045, 0.028, 0.019, 0.014];
const organicCtr = [0.276, 0.158, 0.11, 0.084, 0.063, 0.049, 0.039, 0.033, 0.027, 0.024];
const organicCtrAt = (position: number) => (position <= 10 ? organicCtr[position - 1]! : position <= 20 ? 0.01 - ((position - 11) * 0.007) / 9 : 0.001);
const round2 = (value: number) => Math.round(value * 100) / 100;

interface Kw { id: number; term: string; volume: number; cpc: number; competition: number; difficulty: number; results: number; q: boolean; t: boolean; topic: string | null }
const keywords: Kw[] = [
  { id: 1, term: 'running shoes', volume: 10000, cpc: 2, competition: 0.8, difficulty: 60, results: 1_000_000, q: false, t: false, topic: 'shoes' },
  { id: 2, term: 'buy running shoes', volume: 2000, cpc: 3, competition: 0.9, difficulty: 40, results: 500_000, q: false, t: true, topic: 'shoes' },
  { id: 3, term: 'trail running shoes', volume: 1500, cpc: 1.5, competition: 0.6, difficulty: 35, results: 300_000, q: false, t: false, topic: 'shoes' },
  { id: 4, term: 'how to clean running shoes', volume: 800, cpc: 0.5, competition: 0.2, difficulty: 20, results: 200_000, q: true, t: false, topic: 'shoes' },
  { id: 5, term: 'cheap shoes', volume: 5000, cpc: 1, competition: 0.7, difficulty: 50, results: 800_000, q: false, t: true, topic: 'shoes' },
  { id: 6, term: 'garden hose', volume: 3000, cpc: 0.8, competition: 0.5, difficulty: 30, results: 400_000, q: false, t: false, topic: 'garden' },
  { id: 7, term: 'shoe polish', volume: 600, cpc: 0.4, competition: 0.3, difficulty: 10, results: 100_000, q: false, t: false, topic: 'shoes' },
  { id: 8, term: 'shoe laces', volume: 10, cpc: 0.3, competition: 0.1, difficulty: 5, results: 50_000, q: false, t: false, topic: 'shoes' },
  // filler keywords sharing the word "shoes", so a table has more rows than a visitor or free user may see
  ...Array.from({ length: 30 }, (_, index): Kw => ({
    id: 9 + index, term: `shoes model ${index + 1}`, volume: 100 + index, cpc: 0.5, competition: 0.1, difficulty: 5, results: 1000, q: false, t: false, topic: 'shoes',
  })),
];
const kw = (id: number) => keywords.find((keyword) => keyword.id === id)!;
const domains = [
  { id: 1, name: 'alpha.example', topic: 'shoes' },
  { id: 2, name: 'beta.example', topic: 'shoes' },
  { id: 3, name: 'gamma.example', topic: 'shoes' },
  { id: 4, name: 'delta.example', topic: null },
  { id: 5, name: 'blog.example', topic: null },
];
const domainName = (id: number) => domains.find((domain) => domain.id === id)!.name;
const pages = domains.flatMap((domain) => [
  { id: domain.id * 10, domainId: domain.id, url: `https://${domain.name}/`, title: `${domain.name} home` },
  { id: domain.id * 10 + 1, domainId: domain.id, url: `https://${domain.name}/running`, title: `${domain.name} running` },
]);
const pageUrl = (id: number) => pages.find((page) => page.id === id)!.url;
const adCopies = [
  { id: 1, domainId: 1, headline: 'Alpha Running Shoes', body: 'Free returns.', displayUrl: 'alpha.example/run', pageId: 11 },
  { id: 2, domainId: 1, headline: 'Alpha Autumn Sale', body: 'Up to 40% off.', displayUrl: 'alpha.example/sale', pageId: 10 },
  { id: 3, domainId: 2, headline: 'Beta Shoes Store', body: 'Next-day delivery.', displayUrl: 'beta.example', pageId: 20 },
  { id: 4, domainId: 3, headline: 'Gamma Trail Gear', body: 'Built for mud.', displayUrl: 'gamma.example/trail', pageId: 31 },
  { id: 5, domainId: 4, headline: 'Delta Deals', body: 'Everything cheaper.', displayUrl: 'delta.example', pageId: 40 },
];
const adOf = (id: number) => adCopies.find((ad) => ad.id === id)!;
const paid = (
  [
    [AUG, 1, 1, 2, 3], [AUG, 1, 2, 1, 1], [AUG, 3, 1, 2, 3], [AUG, 3, 2, 3, 4], [AUG, 5, 1, 2, 3], [AUG, 7, 1, 3, 4],
    [SEP, 1, 1, 1, 1], [SEP, 1, 2, 2, 3], [SEP, 3, 1, 2, 3], [SEP, 5, 1, 2, 3], [SEP, 2, 1, 2, 3],
    [OCT, 1, 1, 1, 2], [OCT, 1, 2, 2, 3], [OCT, 1, 3, 3, 4], [OCT, 2, 1, 1, 2], [OCT, 2, 2, 2, 3], [OCT, 3, 1, 2, 3], [OCT, 3, 2, 3, 4],
    [OCT, 4, 1, 1, 1], [OCT, 5, 1, 2, 3], [OCT, 5, 2, 4, 5], [OCT, 6, 1, 1, 2], [OCT, 7, 1, 3, 4], [OCT, 8, 1, 1, 1],
  ] as const
).map(([month, keywordId, position, domainId, adCopyId]): { month: string; keywordId: number; position: number; domainId: number; adCopyId: number; clicks: number } => ({ month, keywordId, position, domainId, adCopyId, clicks: Math.round(kw(keywordId).volume * paidCtr[position - 1]!) }));
const ranks = (
  [
    [AUG, 1, 1, 2, 20], [AUG, 1, 2, 3, 31],
    [SEP, 1, 1, 2, 20], [SEP, 1, 2, 1, 11], [SEP, 1, 5, 3, 31],
    [OCT, 1, 1, 1, 11], [OCT, 1, 2, 2, 20], [OCT, 1, 3, 3, 31], [OCT, 1, 11, 4, 40],
    [OCT, 2, 1, 2, 20], [OCT, 2, 2, 1, 10], [OCT, 5, 1, 3, 30], [OCT, 5, 4, 2, 21], [OCT, 3, 1, 1, 11],
  ] as const
).map(([month, keywordId, position, domainId, pageId]): { month: string; keywordId: number; position: number; domainId: number; pageId: number; clicks: number } => ({ month, keywordId, position, domainId, pageId, clicks: Math.round(kw(keywordId).volume * organicCtrAt(position)) }));
const backlinks = [
  { id: 1, sourcePage: 51, sourceDomain: 5, targetPage: 11, targetDomain: 1, anchor: 'alpha runners', nofollow: false, firstSeen: '2025-01-10', lastSeen: null },
  { id: 2, sourcePage: 50, sourceDomain: 5, targetPage: 11, targetDomain: 1, anchor: 'shoes', nofollow: true, firstSeen: '2024-05-02', lastSeen: '2025-06-01' },
  { id: 3, sourcePage: 51, sourceDomain: 5, targetPage: 20, targetDomain: 2, anchor: 'beta', nofollow: false, firstSeen: '2025-03-15', lastSeen: null },
  { id: 4, sourcePage: 40, sourceDomain: 4, targetPage: 30, targetDomain: 3, anchor: 'gamma home', nofollow: false, firstSeen: '2023-11-20', lastSeen: null },
  { id: 5, sourcePage: 10, sourceDomain: 1, targetPage: 31, targetDomain: 3, anchor: 'gamma trail', nofollow: false, firstSeen: '2025-08-01', lastSeen: null },
];

// ---- independent expectations ------------------------------------------------------------------------------------
const bought = (month: string, domainId: number) => new Set(paid.filter((ad) => ad.month === month && ad.domainId === domainId).map((ad) => ad.keywordId));
const adsOf = (month: string, domainId: number) => paid.filter((ad) => ad.month === month && ad.domainId === domainId);
const clicksOf = (month: string, domainId: number) => adsOf(month, domainId).reduce((sum, ad) => sum + ad.clicks, 0);
const budgetOf = (month: string, domainId: number) => round2(adsOf(month, domainId).reduce((sum, ad) => sum + ad.clicks * kw(ad.keywordId).cpc, 0));
const byVolume = (a: number, b: number) => kw(b).volume - kw(a).volume || kw(a).term.localeCompare(kw(b).term);

// ---- app ---------------------------------------------------------------------------------------------------------
let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;
let free: HttpSession;
let full: HttpSession;

async function insertMarket() {
  const sql = (text: string, rows: unknown[][]) => Promise.all(rows.map((row) => database.query(text, row)));
  await database.query(`insert into data_source (id, kind, label, loaded_at, first_month, last_month) values (1, 'import', 'hand-built test market', now(), $1, $2)`, [AUG, OCT]);
  await sql(
    `insert into keyword (id, territory, term, volume, volume_history, history_start, cpc, competition, difficulty, result_count, is_question, is_transactional, topic, source_id)
     values ($1, 'US', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1)`,
    keywords.map((k) => [k.id, k.term, k.volume, [k.volume - 100, k.volume - 50, k.volume], AUG, k.cpc, k.competition, k.difficulty, k.results, k.q, k.t, k.topic]),
  );
  await sql(`insert into domain (id, name, topic, source_id) values ($1, $2, $3, 1)`, domains.map((d) => [d.id, d.name, d.topic]));
  await sql(`insert into page (id, domain_id, url, title, source_id) values ($1, $2, $3, $4, 1)`, pages.map((p) => [p.id, p.domainId, p.url, p.title]));
  await sql(`insert into ad_copy (id, domain_id, headline, body, display_url, page_id, source_id) values ($1, $2, $3, $4, $5, $6, 1)`, adCopies.map((a) => [a.id, a.domainId, a.headline, a.body, a.displayUrl, a.pageId]));
  await sql(
    `insert into paid_ad (month, keyword_id, position, territory, domain_id, ad_copy_id, clicks, source_id) values ($1, $2, $3, 'US', $4, $5, $6, 1)`,
    paid.map((a) => [a.month, a.keywordId, a.position, a.domainId, a.adCopyId, a.clicks]),
  );
  await sql(
    `insert into organic_rank (month, keyword_id, position, territory, domain_id, page_id, clicks, source_id) values ($1, $2, $3, 'US', $4, $5, $6, 1)`,
    ranks.map((r) => [r.month, r.keywordId, r.position, r.domainId, r.pageId, r.clicks]),
  );
  await sql(
    `insert into backlink (id, source_page_id, source_domain_id, target_page_id, target_domain_id, anchor, nofollow, first_seen, last_seen, source_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1)`,
    backlinks.map((b) => [b.id, b.sourcePage, b.sourceDomain, b.targetPage, b.targetDomain, b.anchor, b.nofollow, b.firstSeen, b.lastSeen]),
  );
  for (const statement of warehouseRollupSql()) await database.query(statement.sql, statement.params);
}

beforeAll(async () => {
  testApp = await startTestApp({
    seed: async (fresh) => {
      database = fresh;
      await insertMarket();
    },
  });
  ({ baseUrl } = testApp);
  free = await loggedInSession(baseUrl, await createTestUser(database, { roles: ['free'] }));
  full = await loggedInSession(baseUrl, await createTestUser(database, { roles: ['full'] }));
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const visitorGet = async (path: string): Promise<{ status: number; body: Body }> => {
  const response = await fetch(baseUrl + path, { headers: { accept: 'application/json' } });
  return { status: response.status, body: await response.json() };
};
const fullGet = async (path: string): Promise<Body> => {
  const response = await full.get(path);
  expect(response.status).toBe(200);
  return response.json();
};

describe('PPC research', () => {
  it('overview: paid keywords, clicks and budget of the newest month and the monthly history; paid clicks and budget withheld from visitors', async () => {
    const body = await fullGet('/rest/research/ppc/overview?query=www.Alpha.example&countryCode=US');
    const expected = [AUG, SEP, OCT].map((month) => ({ month, paidKeywords: bought(month, 1).size, paidClicks: clicksOf(month, 1), budget: budgetOf(month, 1) }));
    expect(body).toMatchObject({ domain: 'alpha.example', wasQueryFound: true, month: OCT, latest: expected[2], history: expected, adCopies: 2 });
    const visitor = await visitorGet('/rest/research/ppc/overview?query=alpha.example');
    // Paid clicks and budget are paid figures, withheld alike on every page (issue 24: one paywall).
    expect(visitor.body.latest).toEqual({ ...expected[2], paidClicks: null, budget: null });
    expect(visitor.body.history.every((point: Body) => point.budget === null && point.paidClicks === null)).toBe(true);
    expect((await visitorGet('/rest/research/ppc/overview?query=nobody.example')).body).toMatchObject({ wasQueryFound: false, latest: null, history: [] });
  });

  it('competitors: domains sharing paid keywords, with common count and Jaccard level', async () => {
    const mine = bought(M, 1);
    const expected = domains
      .filter((d) => d.id !== 1)
      .map((d) => {
        const theirs = bought(M, d.id);
        const common = [...theirs].filter((id) => mine.has(id)).length;
        return { domain: d.name, commonKeywords: common, competitionLevel: Math.round((common / (mine.size + theirs.size - common)) * 1e4) / 1e4, paidKeywords: theirs.size, paidClicks: clicksOf(M, d.id), budget: budgetOf(M, d.id) };
      })
      .filter((row) => row.commonKeywords > 0)
      .sort((a, b) => b.commonKeywords - a.commonKeywords || b.paidClicks - a.paidClicks);
    const body = await fullGet('/rest/research/ppc/competitors?query=alpha.example');
    expect(body.rows).toEqual(expected);
    expect(body).toMatchObject({ totalRows: expected.length, viewer: 'full', wasQueryFound: true, month: OCT });
    const visitor = (await visitorGet('/rest/research/ppc/competitors?query=alpha.example')).body;
    expect(visitor.rows).toEqual(expected.map((row) => ({ ...row, paidClicks: null, budget: null })));
    expect(visitor.throttledColumns).toEqual(['paidClicks', 'budget']);
  });

  it('kombat: Venn regions, segment counts and every segment table of 3 domains', async () => {
    const ids = [1, 2, 3];
    const all = [...new Set(ids.flatMap((id) => [...bought(M, id)]))];
    const members = (keywordId: number) => ids.filter((id) => bought(M, id).has(keywordId));
    const segments = {
      all,
      core: all.filter((id) => members(id).length === 3),
      considerbuying: all.filter((id) => !members(id).includes(1) && members(id).length === 2),
      adwaste: all.filter((id) => members(id).length === 1 && members(id)[0] === 1),
    };
    const first = await fullGet('/rest/research/ppc/kombat?query=alpha.example&competitors=beta.example,gamma.example');
    expect(first.venn.segments).toEqual(Object.fromEntries(Object.entries(segments).map(([name, list]) => [name, list.length])));
    const region = (set: number[]) => all.filter((id) => members(id).join() === set.join()).length;
    expect(first.venn.regions).toEqual([[1], [2], [1, 2], [3], [1, 3], [2, 3], [1, 2, 3]].map((set) => ({ domains: set.map(domainName), keywords: region(set) })));
    for (const [segment, list] of Object.entries(segments)) {
      const body = await fullGet(`/rest/research/ppc/kombat?query=alpha.example&competitors=beta.example,gamma.example&segment=${segment}`);
      const position = (keywordId: number, domainId: number) => paid.find((ad) => ad.month === M && ad.keywordId === keywordId && ad.domainId === domainId)?.position ?? null;
      expect(body.rows).toEqual(
        [...list].sort(byVolume).map((id) => ({
          keyword: kw(id).term, volume: kw(id).volume, cpc: kw(id).cpc, competition: kw(id).competition,
          positions: ids.map((domainId) => position(id, domainId)),
          paidClicks: ids.map((domainId) => paid.find((ad) => ad.month === M && ad.keywordId === id && ad.domainId === domainId)?.clicks ?? null),
        })),
      );
    }
    const two = await fullGet('/rest/research/ppc/kombat?query=alpha.example&competitors=beta.example&segment=core');
    expect(two.rows.map((row: Body) => row.keyword)).toEqual(['running shoes', 'buy running shoes']);
    expect(two.rows[0].positions).toHaveLength(2);
  });

  it('keywords: mostsuccessful by months bought, newkeywords first bought this month', async () => {
    const months = (id: number) => [AUG, SEP, OCT].filter((month) => bought(month, 1).has(id)).length;
    const row = (id: number) => {
      const ad = adsOf(M, 1).find((entry) => entry.keywordId === id)!;
      return {
        keyword: kw(id).term, volume: kw(id).volume, cpc: kw(id).cpc, position: ad.position, paidClicks: ad.clicks, budget: round2(ad.clicks * kw(id).cpc),
        monthsBought: months(id), firstMonth: [AUG, SEP, OCT].find((month) => bought(month, 1).has(id)), headline: adOf(ad.adCopyId).headline,
        body: adOf(ad.adCopyId).body, displayUrl: adOf(ad.adCopyId).displayUrl,
      };
    };
    const rows = [...bought(M, 1)].map(row);
    const most = await fullGet('/rest/research/ppc/keywords?query=alpha.example&type=mostsuccessful');
    expect(most.rows).toEqual([...rows].sort((a, b) => b.monthsBought - a.monthsBought || b.paidClicks - a.paidClicks || a.keyword.localeCompare(b.keyword)));
    const fresh = await fullGet('/rest/research/ppc/keywords?query=alpha.example&type=newkeywords');
    expect(fresh.rows).toEqual(rows.filter((r) => r.monthsBought === 1).sort((a, b) => b.paidClicks - a.paidClicks || a.keyword.localeCompare(b.keyword)));
    const sorted = await fullGet('/rest/research/ppc/keywords?query=alpha.example&sort=keyword&sortDirection=asc&filter=SHOES');
    expect(sorted.rows.map((r: Body) => r.keyword)).toEqual(rows.map((r) => r.keyword).filter((k) => k.includes('shoes')).sort());
  });

  /** alpha.example's ad history of Aug–Oct: a row per keyword whose ads show a visible ad text, its totals over every ad. */
  const alphaAdHistory = (hiddenCopies: number[] = []) =>
    [...new Set(paid.filter((ad) => ad.domainId === 1).map((ad) => ad.keywordId))]
      .map((id) => {
        const ads = paid.filter((ad) => ad.domainId === 1 && ad.keywordId === id);
        const copies = [...new Set(ads.map((ad) => ad.adCopyId))].filter((copyId) => !hiddenCopies.includes(copyId)).sort();
        return {
          keyword: kw(id).term, volume: kw(id).volume, cpc: kw(id).cpc, monthsBought: ads.length, paidClicks: ads.reduce((sum, ad) => sum + ad.clicks, 0),
          positions: [AUG, SEP, OCT].map((month) => ads.find((ad) => ad.month === month)?.position ?? null),
          ads: copies.map((copyId) => ({
            adCopyId: copyId, headline: adOf(copyId).headline, body: adOf(copyId).body, displayUrl: adOf(copyId).displayUrl, landingPage: pageUrl(adOf(copyId).pageId),
            months: ads.filter((ad) => ad.adCopyId === copyId).map((ad) => ad.month).sort(),
          })),
        };
      })
      .filter((row) => row.ads.length > 0)
      .sort((a, b) => b.monthsBought - a.monthsBought || b.paidClicks - a.paidClicks || a.keyword.localeCompare(b.keyword));

  it('ad history: per keyword the positions of each month and the ad texts with their months', async () => {
    const body = await fullGet('/rest/research/ppc/ad-history?query=alpha.example&months=3');
    expect(body.months).toEqual([AUG, SEP, OCT]);
    expect(body.rows).toEqual(alphaAdHistory());
    expect(body.totalRows).toBe(alphaAdHistory().length);
    // Pages of 20 in every sort: the same rows as the whole table sorted so (positions and ads are built per page).
    const all = alphaAdHistory();
    const second = await fullGet('/rest/research/ppc/ad-history?query=alpha.example&months=3&sort=paidClicks&sortDirection=asc&startRow=2&pageSize=20');
    expect(second.rows).toEqual([...all].sort((a, b) => a.paidClicks - b.paidClicks || a.keyword.localeCompare(b.keyword)).slice(1, 21));
  });

  it('ad history lists only ad texts whose landing page the viewer sees, and rows that keep one', async () => {
    // Landing page 11 (ad text 1) imported privately by someone else: keywords advertised only with that text drop out;
    // the others keep their other texts, and their totals and positions still count every ad.
    await database.query(`update page set owner_user_ids = array['00000000-0000-4000-8000-00000000d1ff']::uuid[] where id = 11`);
    try {
      const body = await fullGet('/rest/research/ppc/ad-history?query=alpha.example&months=3');
      const expected = alphaAdHistory([1]);
      expect(expected.length).toBeLessThan(alphaAdHistory().length);
      expect(body.rows).toEqual(expected);
      expect(body.totalRows).toBe(expected.length);
    } finally {
      await database.query('update page set owner_user_ids = null where id = 11');
    }
  });

  it('adwords advisor: buy what top competitors keep buying, negative-match off-topic, question and click-less keywords', async () => {
    const competitors = [2, 3, 4].filter((id) => [...bought(M, id)].some((k) => bought(M, 1).has(k)));
    const runMonths = (keywordId: number, domainId: number) => [AUG, SEP, OCT].filter((month) => bought(month, domainId).has(keywordId)).length;
    const candidates = [...new Set(competitors.flatMap((id) => [...bought(M, id)]))].filter(
      (id) => !bought(M, 1).has(id) && competitors.some((domainId) => bought(M, domainId).has(id) && runMonths(id, domainId) >= 3),
    );
    const buy = candidates
      .map((id) => ({
        keyword: kw(id).term, volume: kw(id).volume, cpc: kw(id).cpc, competition: kw(id).competition,
        advertisers: competitors.filter((domainId) => bought(M, domainId).has(id)).length,
        competitorMonths: Math.max(...competitors.map((domainId) => runMonths(id, domainId))),
        estimatedClicks: Math.round(kw(id).volume * 0.045), estimatedBudget: round2(Math.round(kw(id).volume * 0.045) * kw(id).cpc),
        reason: null, position: null, paidClicks: null,
      }))
      .sort((a, b) => b.advertisers - a.advertisers || b.volume - a.volume);
    expect(buy.map((row) => row.keyword)).toEqual(['trail running shoes', 'cheap shoes']);
    expect((await fullGet('/rest/research/ppc/adwords-advisor?query=alpha.example&type=buy')).rows).toEqual(buy);
    const negative = adsOf(M, 1)
      .map((ad) => {
        const k = kw(ad.keywordId);
        const reason = k.topic !== 'shoes' ? 'offtopic' : k.q ? 'question' : ad.clicks === 0 ? 'noclicks' : null;
        return { keyword: k.term, volume: k.volume, cpc: k.cpc, competition: k.competition, advertisers: null, competitorMonths: null, estimatedClicks: null, estimatedBudget: null, reason, position: ad.position, paidClicks: ad.clicks };
      })
      .filter((row) => row.reason !== null)
      .sort((a, b) => b.volume - a.volume);
    expect(negative.map((row) => row.reason)).toEqual(['offtopic', 'question', 'noclicks']);
    expect((await fullGet('/rest/research/ppc/adwords-advisor?query=alpha.example&type=negativematch')).rows).toEqual(negative);
  });

  it('ad templates: the ad texts shown for the keywords containing every query word', async () => {
    const matched = keywords.filter((k) => ['running', 'shoes'].every((word) => k.term.split(' ').includes(word))).map((k) => k.id);
    const ads = paid.filter((ad) => ad.month === M && matched.includes(ad.keywordId));
    const expected = [...new Set(ads.map((ad) => ad.adCopyId))]
      .map((id) => {
        const mine = ads.filter((ad) => ad.adCopyId === id);
        return {
          domain: domainName(adOf(id).domainId), headline: adOf(id).headline, body: adOf(id).body, displayUrl: adOf(id).displayUrl, landingPage: pageUrl(adOf(id).pageId),
          keywords: new Set(mine.map((ad) => ad.keywordId)).size, bestPosition: Math.min(...mine.map((ad) => ad.position)), paidClicks: mine.reduce((sum, ad) => sum + ad.clicks, 0), id,
        };
      })
      .sort((a, b) => b.paidClicks - a.paidClicks || a.id - b.id)
      .map(({ id: _id, ...row }) => row);
    expect((await fullGet('/rest/research/ppc/ad-templates?query=Running%20Shoes')).rows).toEqual(expected);
  });
});

describe('Keyword research', () => {
  it('overview: metrics, volume history, organic top 10 and advertisers; CPC and paid clicks withheld from visitors', async () => {
    const k = kw(1);
    const organic = ranks
      .filter((r) => r.month === M && r.keywordId === 1 && r.position <= 10)
      .sort((a, b) => a.position - b.position)
      .map((r) => ({ position: r.position, domain: domainName(r.domainId), url: pageUrl(r.pageId), title: pages.find((p) => p.id === r.pageId)!.title, clicks: r.clicks }));
    const advertisers = paid
      .filter((a) => a.month === M && a.keywordId === 1)
      .sort((a, b) => a.position - b.position)
      .map((a) => ({ position: a.position, domain: domainName(a.domainId), headline: adOf(a.adCopyId).headline, body: adOf(a.adCopyId).body, displayUrl: adOf(a.adCopyId).displayUrl, paidClicks: a.clicks }));
    const expected = {
      keyword: 'running shoes', territory: 'US', wasQueryFound: true, month: M, volume: k.volume, cpc: k.cpc, difficulty: k.difficulty, competition: k.competition,
      resultCount: k.results, isQuestion: false, isTransactional: false, organic, advertisers,
      volumeHistory: [{ month: AUG, volume: k.volume - 100 }, { month: SEP, volume: k.volume - 50 }, { month: OCT, volume: k.volume }],
    };
    expect(await fullGet('/rest/research/keyword/overview?query=%20Running%20%20Shoes')).toEqual(expected);
    expect((await visitorGet('/rest/research/keyword/overview?query=running%20shoes')).body).toEqual({ ...expected, cpc: null, advertisers: advertisers.map((a) => ({ ...a, paidClicks: null })) });
    expect((await visitorGet('/rest/research/keyword/overview?query=zebra%20saddle')).body).toMatchObject({ wasQueryFound: false, organic: [] });
  });

  it('related keywords of every type', async () => {
    const others = keywords.filter((k) => k.id !== 1);
    const row = (k: Kw, shared: number) => ({ keyword: k.term, shared, volume: k.volume, cpc: k.cpc, competition: k.competition, difficulty: k.difficulty, resultCount: k.results });
    const order = (rows: ReturnType<typeof row>[]) => rows.filter((r) => r.shared > 0).sort((a, b) => b.shared - a.shared || b.volume - a.volume || a.keyword.localeCompare(b.keyword));
    const advertisers = paid.filter((a) => a.month === M && a.keywordId === 1).map((a) => a.domainId);
    const top = ranks.filter((r) => r.month === M && r.keywordId === 1 && r.position <= 10).map((r) => r.domainId);
    // Relevance is a whole percent of what K has (advertisers, top domains, meaningful words), at least 1 when shared.
    const percent = (part: number, whole: number) => (part > 0 ? Math.max(1, Math.round((100 * part) / whole)) : 0);
    const sharedWords = (k: Kw) => {
      const shared = k.term.split(' ').filter((word) => ['running', 'shoes'].includes(word)).length;
      return percent(shared, new Set([...meaningfulWords(k.term), 'running', 'shoes']).size);
    };
    const expected = {
      buys: order(others.map((k) => row(k, percent(new Set(paid.filter((a) => a.month === M && a.keywordId === k.id && advertisers.includes(a.domainId)).map((a) => a.domainId)).size, new Set(advertisers).size)))),
      ranks: order(others.map((k) => row(k, percent(new Set(ranks.filter((r) => r.month === M && r.keywordId === k.id && r.position <= 10 && top.includes(r.domainId)).map((r) => r.domainId)).size, new Set(top).size)))),
      similar: order(others.map((k) => row(k, sharedWords(k)))),
      questions: order(others.filter((k) => k.q).map((k) => row(k, sharedWords(k)))),
      transaction: order(others.filter((k) => k.t).map((k) => row(k, sharedWords(k)))),
    };
    for (const [type, rows] of Object.entries(expected)) {
      const body = await fullGet(`/rest/research/keyword/related?query=running%20shoes&type=${type}&pageSize=100`);
      expect({ type, rows: body.rows, totalRows: body.totalRows }).toEqual({ type, rows, totalRows: rows.length });
    }
  });

  it('withholds rows and paid columns per viewer, and pages without revealing more', async () => {
    const path = '/rest/research/keyword/related?query=running%20shoes&type=similar&pageSize=50';
    const all = await fullGet(path);
    expect(all.rows.length).toBeGreaterThan(25);
    expect(all).toMatchObject({ lockedRows: 0, lock: null, throttledColumns: [] });
    const visitor = (await visitorGet(path)).body;
    expect(visitor.rows.slice(0, 10)).toEqual(all.rows.slice(0, 10).map((r: Body) => ({ ...r, cpc: null })));
    expect(visitor.rows.slice(10)).toEqual(all.rows.slice(10).map((_: Body, index: number) => ({ locked: true, rowNumber: 11 + index })));
    expect(visitor).toMatchObject({ viewer: 'visitor', lockedRows: all.rows.length - 10, lock: { text: 'Log in to see all results', link: '/auth/login' }, totalRows: all.totalRows });
    const freeBody = (await (await free.get(path)).json()) as Body;
    expect(freeBody.rows.slice(0, 25)).toEqual(all.rows.slice(0, 25).map((r: Body) => ({ ...r, cpc: null })));
    expect(freeBody).toMatchObject({ viewer: 'free', lockedRows: all.rows.length - 25, lock: { text: 'Unlock all the data', link: '/mainpurchase' } });
    const secondPage = (await (await free.get(`${path.replace('pageSize=50', 'pageSize=20')}&startRow=21`)).json()) as Body;
    expect(secondPage.rows.slice(0, 5)).toEqual(all.rows.slice(20, 25).map((r: Body) => ({ ...r, cpc: null })));
    expect(secondPage.rows.slice(5).every((r: Body) => r.locked)).toBe(true);
    const paged = await fullGet(`${path.replace('pageSize=50', 'pageSize=20')}&startRow=21`);
    expect(paged.rows).toEqual(all.rows.slice(20, 40));
    const ascending = await fullGet(`${path}&sort=volume&sortDirection=asc`);
    expect(ascending.rows.map((r: Body) => r.volume)).toEqual(all.rows.map((r: Body) => r.volume).sort((a: number, b: number) => a - b));
    const filtered = await fullGet(`${path}&filter=model%201`);
    expect(filtered.rows.map((r: Body) => r.keyword).sort()).toEqual(keywords.filter((k) => k.term.includes('model 1')).map((k) => k.term).sort());
  });

  it('ad history and ranking history of a keyword', async () => {
    const adBody = await fullGet('/rest/research/keyword/ad-history?query=running%20shoes&months=3');
    const advertisers = [...new Set(paid.filter((a) => a.keywordId === 1).map((a) => a.domainId))];
    expect(adBody.rows).toEqual(
      advertisers
        .map((domainId) => {
          const ads = paid.filter((a) => a.keywordId === 1 && a.domainId === domainId);
          return {
            domain: domainName(domainId), monthsBought: ads.length, paidClicks: ads.reduce((sum, a) => sum + a.clicks, 0),
            positions: [AUG, SEP, OCT].map((month) => ads.find((a) => a.month === month)?.position ?? null),
            ads: [...new Set(ads.map((a) => a.adCopyId))].sort().map((id) => ({
              adCopyId: id, headline: adOf(id).headline, body: adOf(id).body, displayUrl: adOf(id).displayUrl, landingPage: pageUrl(adOf(id).pageId),
              months: ads.filter((a) => a.adCopyId === id).map((a) => a.month).sort(),
            })),
          };
        })
        .sort((a, b) => b.monthsBought - a.monthsBought || b.paidClicks - a.paidClicks || a.domain.localeCompare(b.domain)),
    );
    const rankBody = await fullGet('/rest/research/keyword/ranking-history?query=running%20shoes&months=3');
    const current = ranks.filter((r) => r.month === M && r.keywordId === 1 && r.position <= 10).sort((a, b) => a.position - b.position);
    expect(rankBody.rows).toEqual(
      current.map((r) => ({
        domain: domainName(r.domainId), url: pageUrl(r.pageId), position: r.position, clicks: r.clicks,
        positions: [AUG, SEP, OCT].map((month) => ranks.find((x) => x.month === month && x.keywordId === 1 && x.domainId === r.domainId)?.position ?? null),
      })),
    );
    expect((await fullGet('/rest/research/keyword/ranking-history?query=running%20shoes&months=2')).months).toEqual([SEP, OCT]);
  });

  it('SERP analysis and keyword backlinks', async () => {
    const top = ranks.filter((r) => r.month === M && r.keywordId === 1 && r.position <= 10).sort((a, b) => a.position - b.position);
    const domainKeywords = (domainId: number) => new Set(ranks.filter((r) => r.month === M && r.domainId === domainId).map((r) => r.keywordId)).size;
    const domainClicks = (domainId: number) => ranks.filter((r) => r.month === M && r.domainId === domainId).reduce((sum, r) => sum + r.clicks, 0);
    const serp = await fullGet('/rest/research/keyword/serp-analysis?query=running%20shoes');
    expect(serp.rows).toEqual(
      top.map((r) => ({
        position: r.position, domain: domainName(r.domainId), url: pageUrl(r.pageId), title: pages.find((p) => p.id === r.pageId)!.title, clicks: r.clicks,
        value: round2(r.clicks * kw(1).cpc), domainKeywords: domainKeywords(r.domainId), domainClicks: domainClicks(r.domainId),
        domainBacklinks: backlinks.filter((b) => b.targetDomain === r.domainId && !b.lastSeen).length, pageBacklinks: backlinks.filter((b) => b.targetPage === r.pageId && !b.lastSeen).length,
      })),
    );
    expect((await visitorGet('/rest/research/keyword/serp-analysis?query=running%20shoes')).body.rows.every((r: Body) => r.value === null)).toBe(true);
    const links = await fullGet('/rest/research/keyword/backlinks?query=running%20shoes');
    expect(links.rows).toEqual(
      backlinks
        .filter((b) => top.some((r) => r.pageId === b.targetPage))
        .sort((a, b) => b.firstSeen.localeCompare(a.firstSeen))
        .map((b) => ({
          sourceDomain: domainName(b.sourceDomain), sourceUrl: pageUrl(b.sourcePage), targetUrl: pageUrl(b.targetPage),
          targetPosition: top.find((r) => r.pageId === b.targetPage)!.position, anchor: b.anchor, nofollow: b.nofollow, firstSeen: b.firstSeen, lastSeen: b.lastSeen,
        })),
    );
  });

  it('bulk upload: metrics of the known keywords, the unknown ones listed, at most 1000', async () => {
    const response = await full.post('/rest/research/keyword/bulk', { keywords: 'Running Shoes\ncheap shoes\n\nzebra saddle\nrunning shoes\ngarden hose', countryCode: 'US' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    const known = [1, 5, 6].map(kw).sort((a, b) => b.volume - a.volume);
    expect(body.rows).toEqual(
      known.map((k) => ({
        keyword: k.term, volume: k.volume, cpc: k.cpc, competition: k.competition, difficulty: k.difficulty, resultCount: k.results,
        organicClicks: ranks.filter((r) => r.month === M && r.keywordId === k.id).reduce((sum, r) => sum + r.clicks, 0),
        advertisers: new Set(paid.filter((a) => a.month === M && a.keywordId === k.id).map((a) => a.domainId)).size,
      })),
    );
    expect(body).toMatchObject({ uploaded: 4, notFound: ['zebra saddle'] });
    const freeAnswer = (await (await free.post('/rest/research/keyword/bulk', { keywords: ['cheap shoes'] })).json()) as Body;
    expect(freeAnswer.rows[0].cpc).toBeNull();
    const tooMany = await full.post('/rest/research/keyword/bulk', { keywords: Array.from({ length: 1001 }, (_, index) => `term ${index}`) });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as Body).message).toBe('keywords: At most 1000 keywords per upload (you sent 1001).');
  });

  it('keyword adwords advisor: buy and negativematch', async () => {
    const advertisers = [...new Set(paid.filter((a) => a.month === M && a.keywordId === 1).map((a) => a.domainId))];
    const runMonths = (keywordId: number, domainId: number) => [AUG, SEP, OCT].filter((month) => bought(month, domainId).has(keywordId)).length;
    const buy = keywords
      .filter((k) => k.id !== 1 && advertisers.some((d) => bought(M, d).has(k.id) && runMonths(k.id, d) >= 3))
      .map((k) => ({ term: k.term, advertisers: advertisers.filter((d) => bought(M, d).has(k.id)).length, volume: k.volume }))
      .sort((a, b) => b.advertisers - a.advertisers || b.volume - a.volume);
    const body = await fullGet('/rest/research/keyword/adwords-advisor?query=running%20shoes&type=buy');
    expect(body.rows.map((r: Body) => [r.keyword, r.advertisers])).toEqual(buy.map((r) => [r.term, r.advertisers]));
    const negative = keywords.filter((k) => k.id !== 1 && ['running', 'shoes'].every((w) => k.term.split(' ').includes(w)) && (k.q || k.topic !== 'shoes'));
    const negativeBody = await fullGet('/rest/research/keyword/adwords-advisor?query=running%20shoes&type=negativematch');
    expect(negativeBody.rows.map((r: Body) => [r.keyword, r.reason])).toEqual(negative.map((k) => [k.term, 'question']));
  });
});

describe('malformed requests', () => {
  it.each([
    ['/rest/research/ppc/competitors', 'query is required: a domain name.'],
    ['/rest/research/ppc/competitors?query=not%20a%20domain', 'query: "not a domain" is not a domain name.'],
    ['/rest/research/ppc/keywords?query=alpha.example&type=oldest', 'type: type must be one of mostsuccessful, newkeywords.'],
    ['/rest/research/ppc/keywords?query=alpha.example&sort=password', 'sort: The sort column is not valid.'],
    ['/rest/research/ppc/keywords?query=alpha.example&pageSize=30', 'pageSize: The page size must be one of 20, 50, 100, 250, 500, 1000.'],
    ['/rest/research/ppc/keywords?query=alpha.example&month=2026-13', 'month: The month must be written YYYY-MM.'],
    ['/rest/research/ppc/kombat?query=alpha.example&competitors=a.example,b.example,c.example', 'competitors: Kombat compares 2 or 3 domains: give one or two competitors.'],
    ['/rest/research/ppc/kombat?query=alpha.example&competitors=alpha.example', 'Kombat needs 2 or 3 different domains.'],
    ['/rest/research/ppc/kombat?query=alpha.example&competitors=beta.example&segment=waste', 'segment: segment must be one of all, adwaste, considerbuying, core.'],
    ['/rest/research/keyword/related?query=%20%20', 'query: query is required: a keyword.'],
    ['/rest/research/keyword/related?query=shoes&type=cheaper', 'type: type must be one of buys, ranks, similar, questions, transaction.'],
    ['/rest/research/keyword/ranking-history?query=shoes&months=99', 'months: months must be 1 to 24.'],
    ['/rest/research/keyword/serp-analysis?query=shoes&countryCode=XX', 'countryCode: Research data is not available for the country "XX"'],
  ])('%s → 400', async (path, message) => {
    const { status, body } = await visitorGet(path);
    expect(status).toBe(400);
    expect(body.message).toContain(message);
  });

  it('answers an unknown domain or keyword with an empty table and wasQueryFound false', async () => {
    const { status, body } = await visitorGet('/rest/research/ppc/keywords?query=nobody.example');
    expect(status).toBe(200);
    expect(body).toMatchObject({ rows: [], totalRows: 0, wasQueryFound: false, query: 'nobody.example' });
    expect((await visitorGet('/rest/research/keyword/serp-analysis?query=zebra%20saddle')).body).toMatchObject({ rows: [], wasQueryFound: false });
  });
});
