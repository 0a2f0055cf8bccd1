import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { isLockedRow, organicSearchTypes, rankingHistoryTypes, type TablePage } from '@serpwise/contracts';
import { prepareExport, totalRowsOf, rowSourceColumn, rowSourceIds, warehouseRollupSql, toNumberedPlaceholders, withoutRowSource, type ExportTableId, type Sql } from '@serpwise/research';
import { HttpSession } from '../../infra/test/http-session.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';

jest.setTimeout(60_000);

// ---------------------------------------------------------------------------------------------------------------
// A hand-built warehouse: months 2026-08, 2026-09 (P) and 2026-10 (M, the newest), territory US (+ one UK row).
// ---------------------------------------------------------------------------------------------------------------
const M = '2026-10-01';
const P = '2026-09-01';
const months = ['2026-08-01', P, M];

interface KeywordFixture { term: string; volumes: [number, number, number]; cpc: number; question?: boolean; transactional?: boolean; territory?: string }
const keywords: KeywordFixture[] = [
  { term: 'red shoes', volumes: [1000, 1000, 1200], cpc: 2.5, transactional: true },
  { term: 'how to clean shoes', volumes: [500, 500, 600], cpc: 0.4, question: true },
  { term: 'buy running shoes', volumes: [800, 800, 900], cpc: 3, transactional: true },
  { term: 'shoe sizes', volumes: [300, 300, 300], cpc: 0.8 },
  { term: 'leather boots', volumes: [400, 400, 450], cpc: 1.5 },
  { term: 'what are loafers', volumes: [200, 200, 250], cpc: 0.3, question: true },
  { term: 'sneaker sale', volumes: [600, 600, 700], cpc: 2, transactional: true },
  { term: 'red shoes', volumes: [100, 100, 100], cpc: 1.2, territory: 'UK' },
  // 30 keywords only omega ranks for: enough rows to see the withholding of rows 11+ and 26+.
  ...Array.from({ length: 30 }, (_v, index): KeywordFixture => ({ term: `filler ${String(index + 1).padStart(2, '0')}`, volumes: [50, 50, 50], cpc: 1 + index / 10 })),
];
const domains = ['alpha.example', 'beta.example', 'gamma.example', 'delta.example', 'epsilon.example', 'zeta.example', 'omega.example'];
const topics: Record<string, string> = { 'alpha.example': 'shoes', 'beta.example': 'shoes', 'gamma.example': 'shoes', 'delta.example': 'news', 'omega.example': 'misc' };

interface RankFixture { month: string; term: string; domain: string; path: string; position: number; clicks: number; territory?: string }
const r = (month: string, term: string, domain: string, path: string, position: number, clicks: number, territory = 'US'): RankFixture => ({ month, term, domain, path, position, clicks, territory });
const ranks: RankFixture[] = [
  r('2026-08-01', 'red shoes', 'alpha.example', '/shoes', 4, 80),
  r('2026-08-01', 'red shoes', 'beta.example', '/', 1, 270),
  r(P, 'red shoes', 'alpha.example', '/shoes', 3, 110),
  r(P, 'red shoes', 'beta.example', '/', 1, 276),
  r(M, 'red shoes', 'alpha.example', '/shoes', 1, 330),
  r(M, 'red shoes', 'beta.example', '/', 2, 190),
  r(M, 'red shoes', 'gamma.example', '/red', 5, 75),
  r(M, 'red shoes', 'alpha.example', '/shoes-2', 7, 10),
  r(P, 'how to clean shoes', 'alpha.example', '/clean', 8, 20),
  r(P, 'how to clean shoes', 'beta.example', '/clean', 12, 3),
  r(M, 'how to clean shoes', 'alpha.example', '/clean', 14, 5),
  r(M, 'how to clean shoes', 'beta.example', '/clean', 2, 95),
  r(P, 'buy running shoes', 'alpha.example', '/running', 15, 8),
  r(P, 'buy running shoes', 'beta.example', '/running', 4, 67),
  r(M, 'buy running shoes', 'alpha.example', '/running', 6, 40),
  r(M, 'buy running shoes', 'beta.example', '/running', 3, 99),
  r(M, 'shoe sizes', 'alpha.example', '/sizes', 4, 25),
  r(M, 'shoe sizes', 'gamma.example', '/sizes', 1, 83),
  r(P, 'leather boots', 'alpha.example', '/boots', 2, 60),
  r(P, 'leather boots', 'beta.example', '/boots', 3, 44),
  r(M, 'leather boots', 'beta.example', '/boots', 1, 124),
  r(P, 'what are loafers', 'alpha.example', '/a', 25, 0),
  r(M, 'what are loafers', 'alpha.example', '/a', 22, 0),
  r(M, 'what are loafers', 'alpha.example', '/b', 24, 0),
  r(M, 'what are loafers', 'gamma.example', '/loafers', 9, 6),
  r(P, 'sneaker sale', 'gamma.example', '/sale', 6, 30),
  r(M, 'sneaker sale', 'beta.example', '/sale', 5, 44),
  r(M, 'sneaker sale', 'gamma.example', '/sale', 7, 27),
  r(M, 'red shoes', 'alpha.example', '/shoes', 2, 16, 'UK'),
  ...Array.from({ length: 30 }, (_v, index) => r(M, `filler ${String(index + 1).padStart(2, '0')}`, 'omega.example', `/f${index + 1}`, (index % 20) + 1, 30 - index)),
];

interface LinkFixture { from: string; fromPath: string; to: string; toPath: string; lost?: boolean }
const links: LinkFixture[] = [
  { from: 'delta.example', fromPath: '/blog', to: 'alpha.example', toPath: '/' },
  { from: 'epsilon.example', fromPath: '/news', to: 'alpha.example', toPath: '/shoes', lost: true },
  { from: 'beta.example', fromPath: '/x', to: 'alpha.example', toPath: '/' },
  { from: 'delta.example', fromPath: '/blog', to: 'beta.example', toPath: '/' },
  { from: 'epsilon.example', fromPath: '/news', to: 'beta.example', toPath: '/' },
  { from: 'zeta.example', fromPath: '/z1', to: 'gamma.example', toPath: '/' },
  { from: 'zeta.example', fromPath: '/z2', to: 'gamma.example', toPath: '/red' },
  { from: 'zeta.example', fromPath: '/z1', to: 'beta.example', toPath: '/' },
  { from: 'zeta.example', fromPath: '/z3', to: 'beta.example', toPath: '/running', lost: true },
];

const urlOf = (domain: string, path: string) => `https://${domain}${path}`;
const keywordOf = (term: string, territory = 'US') => keywords.find((keyword) => keyword.term === term && (keyword.territory ?? 'US') === territory)!;
const volumeIn = (term: string, month: string) => keywordOf(term).volumes[months.indexOf(month)]!;
const round2 = (value: number) => Math.round(value * 100) / 100;
const round1 = (value: number) => Math.round(value * 10) / 10;

/** The independent model: a domain's (or URL's) best rank per keyword in a month, clicks summed over its pages. */
function best(month: string, filter: (rank: RankFixture) => boolean, territory = 'US') {
  const result = new Map<string, { position: number; clicks: number; url: string }>();
  for (const rank of ranks.filter((row) => row.month === month && row.territory === territory && filter(row))) {
    const current = result.get(rank.term);
    const url = urlOf(rank.domain, rank.path);
    if (!current) result.set(rank.term, { position: rank.position, clicks: rank.clicks, url });
    else result.set(rank.term, { position: Math.min(current.position, rank.position), clicks: current.clicks + rank.clicks, url: rank.position < current.position ? url : current.url });
  }
  return result;
}
const ofDomain = (domain: string) => (rank: RankFixture) => rank.domain === domain;

// ---------------------------------------------------------------------------------------------------------------
let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;
let free: HttpSession;
let full: HttpSession;

/** Inserts the hand-built market above into a fresh test database. */
async function insertFixtures(): Promise<void> {
  await database.query(`insert into data_source (id, kind, label, first_month, last_month, loaded_at) values (1, 'import', 'fixture', '2026-08-01', '2026-10-01', '2026-11-01T00:00:00Z')`);
  for (const [index, name] of domains.entries()) {
    await database.query(`insert into domain (id, name, topic, source_id) values ($1, $2, $3, 1)`, [index + 1, name, topics[name] ?? null]);
  }
  const domainId = (name: string) => domains.indexOf(name) + 1;
  for (const [index, keyword] of keywords.entries()) {
    await database.query(
      `insert into keyword (id, territory, term, volume, volume_history, history_start, cpc, competition, difficulty, result_count, is_question, is_transactional, topic, source_id)
       values ($1, $2, $3, $4, $5, '2026-08-01', $6, 0.5, $7, 1000, $8, $9, 'shoes', 1)`,
      [index + 1, keyword.territory ?? 'US', keyword.term, keyword.volumes[2], keyword.volumes, keyword.cpc, 10 + index, keyword.question ?? false, keyword.transactional ?? false],
    );
  }
  const pages = new Map<string, number>();
  const pageId = async (domain: string, path: string) => {
    const url = urlOf(domain, path);
    if (!pages.has(url)) {
      pages.set(url, pages.size + 1);
      await database.query(`insert into page (id, domain_id, url, title, source_id) values ($1, $2, $3, $4, 1)`, [pages.size, domainId(domain), url, `Title ${path}`]);
    }
    return pages.get(url)!;
  };
  for (const rank of ranks) {
    const territory = rank.territory ?? 'US';
    const keywordId = keywords.indexOf(keywordOf(rank.term, territory)) + 1;
    await database.query(
      `insert into organic_rank (month, keyword_id, position, territory, domain_id, page_id, clicks, source_id) values ($1, $2, $3, $4, $5, $6, $7, 1)`,
      [rank.month, keywordId, rank.position, territory, domainId(rank.domain), await pageId(rank.domain, rank.path), rank.clicks],
    );
  }
  for (const link of links) {
    await database.query(
      `insert into backlink (source_page_id, source_domain_id, target_page_id, target_domain_id, anchor, nofollow, first_seen, last_seen, source_id)
       values ($1, $2, $3, $4, $5, false, '2025-01-01', $6, 1)`,
      [await pageId(link.from, link.fromPath), domainId(link.from), await pageId(link.to, link.toPath), domainId(link.to), `link to ${link.to}`, link.lost ? '2026-01-01' : null],
    );
  }
  for (const step of warehouseRollupSql()) await database.query(step.sql, step.params);
}

beforeAll(async () => {
  testApp = await startTestApp({
    seed: async (fresh) => {
      database = fresh;
      await insertFixtures();
    },
  });
  ({ baseUrl } = testApp);
  free = await loggedInSession(baseUrl, await createTestUser(database, { roles: ['free'] }));
  full = await loggedInSession(baseUrl, await createTestUser(database, { roles: ['full'] }));
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

type Table<Row> = TablePage<Row> & { month: string | null; wasQueryFound: boolean };
const visitorGet = (path: string) => fetch(baseUrl + path, { headers: { accept: 'application/json' } });
async function table<Row>(path: string, session: HttpSession | null = full): Promise<Table<Row>> {
  const response = session ? await session.get(path) : await visitorGet(path);
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body as Table<Row>;
}
const allRows = async <Row>(path: string) => (await table<Row>(`${path}${path.includes('?') ? '&' : '?'}pageSize=1000`)).rows as Row[];
async function expect400(path: string, message?: string | RegExp) {
  const response = await visitorGet(path);
  const body = (await response.json()) as { message: string };
  expect(response.status).toBe(400);
  if (message) expect(body.message).toMatch(message);
}

// ---------------------------------------------------------------------------------------------------------------
describe('URL and domain overview', () => {
  it('computes the monthly history of a URL from its ranks; its traffic value is a paid figure (issue 24: one paywall)', async () => {
    const path = `/rest/research/url-overview?url=${encodeURIComponent('http://www.alpha.example/shoes')}&countryCode=US`;
    const withheld = (await (await visitorGet(path)).json()) as { latest: { value: number | null }; history: { value: number | null }[] };
    expect([withheld.latest.value, ...withheld.history.map((point) => point.value)].every((value) => value === null)).toBe(true);
    const response = await full.get(path);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { domain: string; month: string; history: { month: string; clicks: number; keywords: number; position: number; value: number }[] };
    const expected = months
      .map((month) => {
        const rows = [...best(month, (rank) => rank.domain === 'alpha.example' && rank.path === '/shoes').entries()];
        if (!rows.length) return null;
        return {
          month,
          clicks: rows.reduce((sum, [, row]) => sum + row.clicks, 0),
          keywords: rows.length,
          position: round2(rows.reduce((sum, [, row]) => sum + row.position, 0) / rows.length),
          value: round2(rows.reduce((sum, [term, row]) => sum + row.clicks * keywordOf(term).cpc, 0)),
        };
      })
      .filter(Boolean);
    expect(body).toMatchObject({ domain: 'alpha.example', month: M });
    expect(body.history.map(({ month, clicks, keywords: count, position, value }) => ({ month, clicks, keywords: count, position, value }))).toEqual(expected);
    expect((await visitorGet('/rest/research/url-overview?url=https://alpha.example/nothing')).status).toBe(404);
    await expect400('/rest/research/url-overview?url=not%20a%20url', /not a URL/);
  });

  it('withholds the domain overview\'s paid figures (traffic value, paid clicks, budget) from visitors and free users, as every page does (issue 24)', async () => {
    const path = '/rest/research/domain-overview?domain=alpha.example&countryCode=US';
    type Point = { clicks: number; value: number | null; paidClicks: number | null; budget: number | null };
    const paidOf = (point: Point) => [point.value, point.paidClicks, point.budget];
    for (const session of [null, free]) {
      const body = (await (session ? await session.get(path) : await visitorGet(path)).json()) as { latest: Point; history: Point[] };
      expect([body.latest, ...body.history].flatMap(paidOf).every((figure) => figure === null)).toBe(true);
      expect(body.latest.clicks).toBeGreaterThan(0);
    }
    const paid = (await (await full.get(path)).json()) as { latest: Point };
    expect(paidOf(paid.latest).every((figure) => typeof figure === 'number')).toBe(true);
  });

  it('gives the domain history for the clicks, keywords and position graphs', async () => {
    const body = (await (await visitorGet('/rest/research/domain-overview?domain=alpha.example&countryCode=US')).json()) as {
      history: { month: string; clicks: number; keywords: number; position: number }[];
    };
    const expected = months.map((month) => {
      const rows = [...best(month, ofDomain('alpha.example')).values()];
      return { month, clicks: rows.reduce((sum, row) => sum + row.clicks, 0), keywords: rows.length, position: round2(rows.reduce((sum, row) => sum + row.position, 0) / rows.length) };
    });
    expect(body.history.map(({ month, clicks, keywords: count, position }) => ({ month, clicks, keywords: count, position }))).toEqual(expected);
  });

  it('reports the footprint stats', async () => {
    const body = (await (await visitorGet('/rest/research/footprint')).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ lastUpdated: '2026-11-01T00:00:00.000Z', totalDomains: domains.length, latestMonth: M, isDemoData: false });
    expect(typeof body.totalResults).toBe('number');
  });
});

describe('SEO competitors', () => {
  it('ranks the domains sharing keywords by common keywords, with overlap, clicks and value', async () => {
    const mine = best(M, ofDomain('alpha.example'));
    const expected = domains
      .filter((domain) => domain !== 'alpha.example')
      .map((domain) => {
        const theirs = best(M, ofDomain(domain));
        const common = [...theirs.keys()].filter((term) => mine.has(term)).length;
        return {
          domain,
          commonKeywords: common,
          theirKeywords: theirs.size,
          overlap: round1((100 * common) / (mine.size + theirs.size - common)),
          clicks: [...theirs.values()].reduce((sum, row) => sum + row.clicks, 0),
          value: round2([...theirs.entries()].reduce((sum, [term, row]) => sum + row.clicks * keywordOf(term).cpc, 0)),
        };
      })
      .filter((row) => row.commonKeywords > 0)
      .sort((a, b) => b.commonKeywords - a.commonKeywords || a.domain.localeCompare(b.domain));
    const page = await table('/rest/research/seo/competitors?domain=www.Alpha.example&countryCode=US');
    expect(page.rows).toEqual(expected);
    expect(page).toMatchObject({ month: M, wasQueryFound: true, totalRows: expected.length });
    const byOverlap = await table<{ domain: string }>('/rest/research/seo/competitors?domain=alpha.example&sort=overlap&sortDirection=desc');
    expect(byOverlap.rows.map((row) => (row as { domain: string }).domain)).toEqual([...expected].sort((a, b) => b.overlap - a.overlap).map((row) => row.domain));
    const unknown = await table('/rest/research/seo/competitors?domain=nobody.example');
    expect(unknown).toMatchObject({ rows: [], totalRows: 0, wasQueryFound: false });
    // The total comes with the page's rows (one statement); a page past the last row and a filter still count right.
    const second = await table('/rest/research/seo/competitors?domain=alpha.example&startRow=2&pageSize=20');
    expect(second).toMatchObject({ rows: expected.slice(1), totalRows: expected.length });
    expect(await table('/rest/research/seo/competitors?domain=alpha.example&startRow=21&pageSize=20')).toMatchObject({ rows: [], totalRows: expected.length });
    const filtered = expected.filter((row) => row.domain.includes('mm'));
    expect(filtered.length).toBeGreaterThan(0);
    expect(await table('/rest/research/seo/competitors?domain=alpha.example&filter=MM')).toMatchObject({ rows: filtered, totalRows: filtered.length });
  });

  it('withholds value from visitors and free users', async () => {
    const visitor = await table<{ value: number | null; clicks: number }>('/rest/research/seo/competitors?domain=alpha.example', null);
    expect(visitor.viewer).toBe('visitor');
    expect(visitor.throttledColumns).toEqual(['value']);
    expect(visitor.rows.every((row) => !isLockedRow(row) && row.value === null && row.clicks > 0)).toBe(true);
    expect((await table('/rest/research/seo/competitors?domain=alpha.example', free)).viewer).toBe('free');
  });
});

describe('SEO kombat', () => {
  const compared = ['alpha.example', 'beta.example', 'gamma.example'];
  const sets = compared.map((domain) => best(M, ofDomain(domain)));
  const union = [...new Set(sets.flatMap((set) => [...set.keys()]))];
  const positionsOf = (term: string) => sets.map((set) => set.get(term)?.position ?? null);
  const segments: Record<string, (term: string) => boolean> = {
    all: () => true,
    core: (term) => sets.every((set) => set.has(term)),
    missing: (term) => !sets[0]!.has(term),
    questions: (term) => Boolean(keywordOf(term).question),
    transactional: (term) => Boolean(keywordOf(term).transactional),
    content: (term) => {
      const positions = positionsOf(term);
      const mine = positions[0] ?? null;
      const others = positions.slice(1);
      return (mine === null || mine > 10) && others.some((position) => position !== null && position <= 10);
    },
  };

  it('counts the Venn regions and every segment, and lists the segment rows', async () => {
    const page = await table<object>(`/rest/research/seo/kombat?domains=${compared.join(',')}&segment=content`) as Table<object> & {
      venn: { domains: string[]; keywords: number }[];
      segments: Record<string, number>;
    };
    for (const [segment, predicate] of Object.entries(segments)) expect(page.segments[segment]).toBe(union.filter(predicate).length);
    expect(page.segments).toMatchObject({ all: 7, core: 1, missing: 2, questions: 2, transactional: 3, content: 4 });
    for (const region of page.venn) {
      const expected = union.filter((term) => compared.every((domain, index) => sets[index]!.has(term) === region.domains.includes(domain))).length;
      expect(region.keywords).toBe(expected);
    }
    expect(page.venn).toHaveLength(7);
    const expectedRows = union
      .filter(segments.content!)
      .map((term) => {
        const [position1, position2, position3] = positionsOf(term);
        return {
          keyword: term,
          volume: volumeIn(term, M),
          cpc: keywordOf(term).cpc,
          difficulty: 10 + keywords.indexOf(keywordOf(term)),
          position1,
          position2,
          position3,
          clicks: sets.reduce((sum, set) => sum + (set.get(term)?.clicks ?? 0), 0),
        };
      })
      .sort((a, b) => b.volume - a.volume || a.keyword.localeCompare(b.keyword));
    expect(page.rows).toEqual(expectedRows);
    // The row count: the segment's own (taken from the Venn statement when unfiltered), the filter's when filtered.
    expect(page.totalRows).toBe(expectedRows.length);
    for (const segment of Object.keys(segments)) {
      const rows = union.filter(segments[segment]!);
      expect((await table(`/rest/research/seo/kombat?domains=${compared.join(',')}&segment=${segment}`)).totalRows).toBe(rows.length);
      const filtered = await table<{ keyword: string }>(`/rest/research/seo/kombat?domains=${compared.join(',')}&segment=${segment}&filter=shoe`);
      expect(filtered.totalRows).toBe(rows.filter((term) => term.includes('shoe')).length);
    }
  });

  it('compares two domains, and refuses one or four', async () => {
    const page = (await table('/rest/research/seo/kombat?domains=alpha.example,beta.example&segment=core')) as Table<{ keyword: string }> & { venn: unknown[] };
    const alpha = best(M, ofDomain('alpha.example'));
    const beta = best(M, ofDomain('beta.example'));
    expect(page.rows.map((row) => (row as { keyword: string }).keyword).sort()).toEqual([...alpha.keys()].filter((term) => beta.has(term)).sort());
    expect(page.venn).toHaveLength(3);
    await expect400('/rest/research/seo/kombat?domains=alpha.example', /2 to 3 different domains/);
    await expect400('/rest/research/seo/kombat?domains=a.example,b.example,c.example,d.example', /2 to 3/);
    await expect400('/rest/research/seo/kombat?domains=alpha.example,beta.example&segment=adwaste', /segment must be one of/);
  });

  it('names the compared domains that are not in the research data, with no rows and no counts', async () => {
    type Answer = Table<{ keyword: string }> & { venn: unknown[]; segments: Record<string, number>; missingDomains: string[] };
    const known = (await table('/rest/research/seo/kombat?domains=alpha.example,beta.example&segment=all')) as Answer;
    expect(known.missingDomains).toEqual([]);
    const one = (await table('/rest/research/seo/kombat?domains=alpha.example,no-such-domain.example&segment=all')) as Answer;
    expect(one).toMatchObject({ missingDomains: ['no-such-domain.example'], rows: [], totalRows: 0, wasQueryFound: false, venn: [] });
    const two = (await table('/rest/research/seo/kombat?domains=nowhere-a.example,alpha.example,nowhere-b.example&segment=all')) as Answer;
    expect(two.missingDomains).toEqual(['nowhere-a.example', 'nowhere-b.example']);
  });
});

describe('SEO keywords and ranking history', () => {
  type Row = { keyword: string; position: number | null; previousPosition: number | null; clicks: number; previousClicks: number; value: number | null; url: string | null; competitor: string | null; competitorPosition: number | null };
  const subjectCurrent = best(M, ofDomain('alpha.example'));
  const subjectPrevious = best(P, ofDomain('alpha.example'));
  const terms = [...new Set([...subjectCurrent.keys(), ...subjectPrevious.keys()])];
  const rows = terms.map((term) => ({
    term,
    position: subjectCurrent.get(term)?.position ?? null,
    previous: subjectPrevious.get(term)?.position ?? null,
    clicks: subjectCurrent.get(term)?.clicks ?? 0,
    previousClicks: subjectPrevious.get(term)?.clicks ?? 0,
  }));
  type Model = (typeof rows)[number];
  const both = (row: Model) => row.position !== null && row.previous !== null;
  const rivalBest = (term: string, month: string, rivals: string[] | null) =>
    ranks.filter((rank) => rank.term === term && rank.month === month && rank.territory === 'US' && rank.domain !== 'alpha.example' && (!rivals || rivals.includes(rank.domain)))
      .sort((a, b) => a.position - b.position)[0] ?? null;
  const surpassed = (rivals: string[] | null) => (row: Model) => {
    const now = rivalBest(row.term, M, rivals);
    const before = rivalBest(row.term, P, rivals);
    return both(row) && now !== null && now.position < row.position! && (before === null || before.position > row.previous!);
  };
  const expectations: Record<string, (row: Model) => boolean> = {
    almostthere: (row) => row.position !== null && row.position >= 11 && row.position <= 20,
    gainedclicks: (row) => both(row) && row.clicks > row.previousClicks,
    gainedranks: (row) => both(row) && row.position! < row.previous!,
    justfelloff: (row) => row.previous !== null && row.previous <= 10 && row.position !== null && row.position > 10,
    justmadeit: (row) => row.position !== null && row.position <= 10 && (row.previous === null || row.previous > 10),
    lostclicks: (row) => both(row) && row.clicks < row.previousClicks,
    lostranks: (row) => both(row) && row.position! > row.previous!,
    mostvaluable: (row) => row.position !== null,
    newlyranked: (row) => row.position !== null && row.previous === null,
    pageone: (row) => row.position !== null && row.position <= 10,
    pastpageone: (row) => row.position !== null && row.position > 10,
    theyoutrankyou: (row) => row.position !== null && (rivalBest(row.term, M, ['beta.example'])?.position ?? 99) < row.position,
    theyjustsurpassedyou: surpassed(['beta.example']),
    competitorsjustsurpassedyou: surpassed(null),
    MostValuable: (row) => row.position !== null,
    FellFromTop10: (row) => row.previous !== null && row.previous <= 10 && (row.position === null || row.position > 10),
    MadeTheTop10: (row) => row.position !== null && row.position <= 10 && (row.previous === null || row.previous > 10),
    NewKeywords: (row) => row.position !== null && row.previous === null,
    NoLongerRanks: (row) => row.previous !== null && row.position === null,
    GainedRanks: (row) => both(row) && row.position! < row.previous!,
    LostRanks: (row) => both(row) && row.position! > row.previous!,
    GainedClicks: (row) => both(row) && row.clicks > row.previousClicks,
    LostClicks: (row) => both(row) && row.clicks < row.previousClicks,
  };

  it('answers every organic search type with the keywords of its definition', async () => {
    for (const type of organicSearchTypes) {
      const competitor = type.startsWith('they') ? '&competitor=beta.example' : '';
      const answer = await allRows<Row>(`/rest/research/seo/keywords?domain=alpha.example&type=${type}${competitor}`);
      const expected = rows.filter(expectations[type]!).map((row) => row.term).sort();
      expect({ type, empty: expected.length === 0 }).toEqual({ type, empty: false }); // the fixture exercises every type
      expect({ type, terms: answer.map((row) => row.keyword).sort() }).toEqual({ type, terms: expected });
      for (const row of answer) {
        const model = rows.find((candidate) => candidate.term === row.keyword)!;
        expect(row).toMatchObject({ position: model.position, previousPosition: model.previous, clicks: model.clicks, previousClicks: model.previousClicks });
        expect(row.value).toBe(round2(model.clicks * keywordOf(row.keyword).cpc));
      }
    }
    // Definitions pinned on the fixture, so the model above cannot drift with the SQL.
    const termsOf = async (type: string, extra = '') => (await allRows<Row>(`/rest/research/seo/keywords?domain=alpha.example&type=${type}${extra}`)).map((row) => row.keyword).sort();
    expect(await termsOf('justfelloff')).toEqual(['how to clean shoes']);
    expect(await termsOf('justmadeit')).toEqual(['buy running shoes', 'shoe sizes']);
    expect(await termsOf('theyjustsurpassedyou', '&competitor=beta.example')).toEqual(['how to clean shoes']);
    expect(await termsOf('theyoutrankyou', '&competitor=beta.example')).toEqual(['buy running shoes', 'how to clean shoes']);
  });

  it('counts a keyword once at its best page and names the competitor that passed', async () => {
    const [red] = await allRows<Row>('/rest/research/seo/keywords?domain=alpha.example&filter=RED');
    expect(red).toMatchObject({ keyword: 'red shoes', position: 1, clicks: 340, url: 'https://alpha.example/shoes' });
    const [clean] = await allRows<Row>('/rest/research/seo/keywords?domain=alpha.example&type=competitorsjustsurpassedyou');
    expect(clean).toMatchObject({ keyword: 'how to clean shoes', competitor: 'beta.example', competitorPosition: 2 });
  });

  it('gives each row the URL of its best result in M (null when not ranked in M), sorted by URL or not', async () => {
    const expectedUrl = (term: string) => subjectCurrent.get(term)?.url ?? null;
    for (const path of ['/rest/research/seo/keywords?domain=alpha.example', '/rest/research/seo/ranking-history?domain=alpha.example&type=FellFromTop10']) {
      const answer = await allRows<Row>(path);
      expect(answer.length).toBeGreaterThan(0);
      for (const row of answer) expect({ keyword: row.keyword, url: row.url }).toEqual({ keyword: row.keyword, url: expectedUrl(row.keyword) });
      // (empty values last in both directions unless the request places them)
      const byUrl = await allRows<Row>(`${path}&sort=url&sortDirection=asc`);
      expect(byUrl.map((row) => row.url)).toEqual(answer.map((row) => row.url).sort((a, b) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0)));
      expect(new Map(byUrl.map((row) => [row.keyword, row.url]))).toEqual(new Map(answer.map((row) => [row.keyword, row.url])));
    }
  });

  it('reads a URL instead of a domain', async () => {
    const answer = await allRows<Row>(`/rest/research/seo/keywords?url=${encodeURIComponent('https://alpha.example/shoes-2')}`);
    expect(answer).toHaveLength(1);
    expect(answer[0]).toMatchObject({ keyword: 'red shoes', position: 7, clicks: 10, previousPosition: null });
  });

  it('answers every ranking-history type, with a 12-month position history', async () => {
    for (const type of rankingHistoryTypes) {
      const answer = await allRows<Row & { history: { month: string; position: number | null }[] }>(`/rest/research/seo/ranking-history?domain=alpha.example&type=${type}`);
      const expected = rows.filter(expectations[type]!).map((row) => row.term).sort();
      expect({ type, empty: expected.length === 0 }).toEqual({ type, empty: false });
      expect({ type, terms: answer.map((row) => row.keyword).sort() }).toEqual({ type, terms: expected });
      for (const row of answer) {
        expect(row.history).toHaveLength(12);
        for (const point of row.history) {
          const month = `${point.month}-01`;
          expect(point.position).toBe(best(month, ofDomain('alpha.example')).get(row.keyword)?.position ?? null);
        }
      }
    }
  });

  it('sorts, pages and filters', async () => {
    const all = rows.filter((row) => row.position !== null);
    const byPosition = await table<Row>('/rest/research/seo/keywords?domain=alpha.example&sort=position&sortDirection=asc&pageSize=20&startRow=2');
    expect(byPosition.totalRows).toBe(all.length);
    expect(byPosition.startRow).toBe(2);
    expect(byPosition.rows.map((row) => (row as Row).keyword)).toEqual([...all].sort((a, b) => a.position! - b.position!).slice(1).map((row) => row.term));
    const defaultOrder = await allRows<Row>('/rest/research/seo/keywords?domain=alpha.example&type=mostvaluable');
    const values = defaultOrder.map((row) => row.value!);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const emptyHigh = await allRows<Row>('/rest/research/seo/ranking-history?domain=alpha.example&type=FellFromTop10&sort=position&sortDirection=desc&emptyValues=high');
    expect(emptyHigh.map((row) => row.position)).toEqual([null, 14]);
    const emptyLow = await allRows<Row>('/rest/research/seo/ranking-history?domain=alpha.example&type=FellFromTop10&sort=position&sortDirection=desc&emptyValues=low');
    expect(emptyLow.map((row) => row.position)).toEqual([14, null]);
  });

  it('withholds rows after 10 for visitors and 25 for free users, and value and CPC for both', async () => {
    const path = '/rest/research/seo/keywords?domain=omega.example&pageSize=50';
    const visitor = await table<Row>(path, null);
    expect(visitor).toMatchObject({ totalRows: 30, lockedRows: 20, throttledColumns: ['cpc', 'value'], lock: { text: 'Log in to see all results', link: '/auth/login' } });
    expect(visitor.rows.slice(0, 10).every((row) => !isLockedRow(row) && row.value === null)).toBe(true);
    expect(visitor.rows[10]).toEqual({ locked: true, rowNumber: 11 });
    const freeUser = await table<Row>(path, free);
    expect(freeUser).toMatchObject({ lockedRows: 5, lock: { text: 'Unlock all the data', link: '/mainpurchase' } });
    const fullUser = await table<Row>(path, full);
    expect(fullUser).toMatchObject({ lockedRows: 0, throttledColumns: [], lock: null });
    expect(fullUser.rows.every((row) => !isLockedRow(row) && row.value !== null)).toBe(true);
    const secondPage = await table<Row>('/rest/research/seo/keywords?domain=omega.example&pageSize=20&startRow=21', free);
    expect(secondPage.rows.filter(isLockedRow).map((row) => row.rowNumber)).toEqual([26, 27, 28, 29, 30]);
  });

  it('answers 400 for malformed queries', async () => {
    await expect400('/rest/research/seo/keywords?domain=alpha.example&sort=drop_table', 'The sort column is not valid.');
    await expect400('/rest/research/seo/keywords?domain=alpha.example&sort=x;drop', 'sort: The sort column is not valid.');
    await expect400('/rest/research/seo/keywords?domain=alpha.example&type=theyoutrankyou', /needs a competitor domain/);
    await expect400('/rest/research/seo/keywords?domain=alpha.example&type=nope', /type must be one of/);
    await expect400('/rest/research/seo/keywords?domain=alpha.example&pageSize=7', /page size/);
    await expect400('/rest/research/seo/keywords?domain=alpha.example&month=2026-13', /YYYY-MM/);
    await expect400('/rest/research/seo/keywords?domain=alpha.example&countryCode=ZZ', /not available/);
    await expect400('/rest/research/seo/keywords', /either domain or url/);
    await expect400('/rest/research/seo/keywords?domain=exa_mple..com', /not a domain/);
    await expect400('/rest/research/seo/ranking-history?domain=alpha.example&type=mostvaluable', /type must be one of/);
  });

  it('reads a given month and another territory', async () => {
    const september = await table<Row>('/rest/research/seo/keywords?domain=alpha.example&month=2026-09');
    expect(september.month).toBe(P);
    expect(september.totalRows).toBe(subjectPrevious.size);
    const uk = await allRows<Row>('/rest/research/seo/keywords?domain=alpha.example&countryCode=GB');
    expect(uk).toEqual([expect.objectContaining({ keyword: 'red shoes', position: 2, clicks: 16, value: round2(16 * 1.2) })]);
  });
});

describe('Top pages and backlinks', () => {
  it('lists the pages with most traffic and the new pages', async () => {
    const current = ranks.filter((rank) => rank.month === M && rank.territory === 'US' && rank.domain === 'alpha.example');
    const domainClicks = [...best(M, ofDomain('alpha.example')).values()].reduce((sum, row) => sum + row.clicks, 0);
    const paths = [...new Set(current.map((rank) => rank.path))];
    const expected = paths
      .map((path) => {
        const own = current.filter((rank) => rank.path === path);
        const clicks = own.reduce((sum, rank) => sum + rank.clicks, 0);
        return {
          url: urlOf('alpha.example', path),
          title: `Title ${path}`,
          keywords: own.length,
          bestPosition: Math.min(...own.map((rank) => rank.position)),
          clicks,
          // Search Console's numbers: only the viewer's own imported site has them.
          impressions: null,
          ctr: null,
          value: round2(own.reduce((sum, rank) => sum + rank.clicks * keywordOf(rank.term).cpc, 0)),
          clicksShare: round1((100 * clicks) / domainClicks),
          isNew: !ranks.some((rank) => rank.domain === 'alpha.example' && rank.path === path && rank.territory === 'US' && rank.month < M),
        };
      })
      .sort((a, b) => b.clicks - a.clicks || a.url.localeCompare(b.url));
    const strip = ({ isNew: _isNew, ...row }: (typeof expected)[number]) => row;
    expect(await allRows('/rest/research/seo/top-pages?domain=alpha.example&type=mosttraffic')).toEqual(expected.map(strip));
    expect(await allRows('/rest/research/seo/top-pages?domain=alpha.example&type=newpages')).toEqual(expected.filter((row) => row.isNew).map(strip));
  });

  it('lists the backlinks of a domain and of a URL, live or lost', async () => {
    const toAlpha = links.filter((link) => link.to === 'alpha.example');
    const answer = await allRows<{ sourceUrl: string; live: boolean }>('/rest/research/seo/backlinks?domain=alpha.example');
    expect(answer.map((row) => row.sourceUrl).sort()).toEqual(toAlpha.map((link) => urlOf(link.from, link.fromPath)).sort());
    // The count (read without the joins) agrees with the rows, filtered or not.
    expect((await table('/rest/research/seo/backlinks?domain=alpha.example&pageSize=20')).totalRows).toBe(toAlpha.length);
    expect((await table('/rest/research/seo/backlinks?domain=alpha.example&status=lost&pageSize=20')).totalRows).toBe(toAlpha.filter((link) => link.lost).length);
    const filtered = await table<{ sourceUrl: string }>('/rest/research/seo/backlinks?domain=alpha.example&filter=shoes&pageSize=1000');
    expect(filtered.totalRows).toBe(filtered.rows.length);
    const live = await allRows<{ live: boolean }>('/rest/research/seo/backlinks?domain=alpha.example&status=live');
    expect(live).toHaveLength(toAlpha.filter((link) => !link.lost).length);
    const ofUrl = await allRows<{ targetUrl: string; lastSeen: string | null }>('/rest/research/seo/backlinks?url=https://alpha.example/shoes');
    expect(ofUrl).toEqual([expect.objectContaining({ targetUrl: 'https://alpha.example/shoes', lastSeen: '2026-01-01' })]);
    const home = await allRows<{ sourceDomain: string }>('/rest/research/seo/backlinks?url=alpha.example');
    expect(home.map((row) => row.sourceDomain).sort()).toEqual(links.filter((link) => link.to === 'alpha.example' && link.toPath === '/').map((link) => link.from).sort());
  });
});

describe('Outreach', () => {
  const domainTotals = (domain: string) => {
    const rows = [...best(M, ofDomain(domain)).entries()];
    return {
      keywords: rows.length,
      top10: rows.filter(([, row]) => row.position <= 10).length,
      clicks: rows.reduce((sum, [, row]) => sum + row.clicks, 0),
      value: round2(rows.reduce((sum, [term, row]) => sum + row.clicks * keywordOf(term).cpc, 0)),
    };
  };

  it('lists the top domains of a territory and of a topic', async () => {
    const ranked = domains.filter((domain) => best(M, ofDomain(domain)).size > 0);
    const expected = ranked
      .map((domain) => ({ domain, topic: topics[domain] ?? null, ...domainTotals(domain), paidKeywords: 0, budget: 0 }))
      .sort((a, b) => b.clicks - a.clicks || a.domain.localeCompare(b.domain));
    expect(await allRows('/rest/research/outreach/top-domains')).toEqual(expected);
    expect(await allRows('/rest/research/outreach/top-domains?topic=shoes')).toEqual(expected.filter((row) => row.topic === 'shoes'));
  });

  it('lists the top domains for a keyword set', async () => {
    const chosen = ['red shoes', 'sneaker sale'];
    const expected = domains
      .map((domain) => {
        const rows = [...best(M, ofDomain(domain)).entries()].filter(([term]) => chosen.includes(term));
        return {
          domain,
          keywords: rows.length,
          top10: rows.filter(([, row]) => row.position <= 10).length,
          averagePosition: round2(rows.reduce((sum, [, row]) => sum + row.position, 0) / rows.length),
          clicks: rows.reduce((sum, [, row]) => sum + row.clicks, 0),
          value: round2(rows.reduce((sum, [term, row]) => sum + row.clicks * keywordOf(term).cpc, 0)),
        };
      })
      .filter((row) => row.keywords > 0)
      .sort((a, b) => b.clicks - a.clicks || a.domain.localeCompare(b.domain));
    expect(await allRows(`/rest/research/outreach/keyword-list?keywords=${encodeURIComponent(' Red Shoes ,sneaker sale')}`)).toEqual(expected);
    await expect400('/rest/research/outreach/keyword-list', /either keywords or a topic/);
  });

  it('gives the metrics of a custom list in its order, flagging unknown domains', async () => {
    const answer = await allRows<{ domain: string; found: boolean; clicks: number; liveBacklinks: number; referringDomains: number }>(
      '/rest/research/outreach/custom-list?domains=gamma.example,nobody.example,www.alpha.example',
    );
    expect(answer.map((row) => [row.domain, row.found])).toEqual([['gamma.example', true], ['nobody.example', false], ['alpha.example', true]]);
    expect(answer[0]).toMatchObject({ ...domainTotals('gamma.example'), liveBacklinks: 2, referringDomains: 1 });
    const alphaLinks = links.filter((link) => link.to === 'alpha.example' && !link.lost);
    expect(answer[2]).toMatchObject({ ...domainTotals('alpha.example'), liveBacklinks: alphaLinks.length, referringDomains: new Set(alphaLinks.map((link) => link.from)).size });
  });

  it('takes long lists as a POST body (arrays or text), with the page token', async () => {
    const visitor = new HttpSession(baseUrl);
    await visitor.open('/');
    const many = ['alpha.example', ...Array.from({ length: 999 }, (_v, index) => `unknown-site-number-${index}.example`)];
    const response = await visitor.post('/rest/research/outreach/custom-list', { domains: many, pageSize: 20 });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Table<{ domain: string; found: boolean }>;
    expect(body).toMatchObject({ totalRows: 1000, viewer: 'visitor', throttledColumns: ['value', 'budget'] });
    expect(body.rows[0]).toMatchObject({ domain: 'alpha.example', found: true, value: null });
    const listed = await full.post('/rest/research/outreach/keyword-list', { keywords: ['red shoes', 'sneaker sale'] });
    expect(((await listed.json()) as Table<unknown>).totalRows).toBe(3);
    expect((await visitor.post('/rest/research/outreach/custom-list', { domains: many }, false)).status).toBe(403);
    expect((await visitor.post('/rest/research/outreach/custom-list', { domains: [...many, 'one-too-many.example'] })).status).toBe(400);
  });

  it('finds leads: sites linking to the competitors and not to you', async () => {
    const competitors = ['beta.example', 'gamma.example'];
    const live = links.filter((link) => !link.lost);
    const sources = [...new Set(live.map((link) => link.from))].filter(
      (source) => ![...competitors, 'alpha.example'].includes(source) && !live.some((link) => link.from === source && link.to === 'alpha.example'),
    );
    const expected = sources
      .map((source) => {
        const toRivals = live.filter((link) => link.from === source && competitors.includes(link.to));
        return { domain: source, competitorsLinked: new Set(toRivals.map((link) => link.to)).size, links: toRivals.length, ...{ clicks: domainTotals(source).clicks, keywords: domainTotals(source).keywords } };
      })
      .filter((row) => row.links > 0)
      .sort((a, b) => b.competitorsLinked - a.competitorsLinked || b.links - a.links || a.domain.localeCompare(b.domain));
    expect(await allRows('/rest/research/outreach/leads?domain=alpha.example&competitors=beta.example,gamma.example')).toEqual(expected);
    expect(expected.map((row) => row.domain)).toEqual(['zeta.example', 'epsilon.example']);
    await expect400('/rest/research/outreach/leads?domain=alpha.example', /competitors is required/);
  });
});

describe('Every table', () => {
  it('answers 200 with no rows and wasQueryFound false for a well-formed query the warehouse does not know', async () => {
    for (const path of [
      '/rest/research/seo/keywords?domain=nobody.example',
      '/rest/research/seo/keywords?url=https://nobody.example/page',
      '/rest/research/seo/ranking-history?domain=nobody.example',
      '/rest/research/seo/top-pages?domain=nobody.example',
      '/rest/research/seo/backlinks?domain=nobody.example',
      '/rest/research/seo/kombat?domains=alpha.example,nobody.example',
      '/rest/research/outreach/leads?domain=nobody.example&competitors=beta.example',
      '/rest/research/seo/keywords?domain=alpha.example&type=theyoutrankyou&competitor=nobody.example',
    ]) {
      expect({ path, ...(await table(path, null)) }).toMatchObject({ path, rows: [], totalRows: 0, wasQueryFound: false, lockedRows: 0 });
    }
  });

  it('answers 400 with a clear message for malformed parameters of every table', async () => {
    await expect400('/rest/research/seo/competitors', /domain is required/);
    await expect400('/rest/research/seo/competitors?domain=alpha.example&sort=volume', 'The sort column is not valid.');
    await expect400('/rest/research/seo/kombat?domains=alpha.example,beta.example&sort=position4', 'The sort column is not valid.');
    await expect400('/rest/research/seo/top-pages?domain=alpha.example&type=oldpages', /type must be one of mosttraffic, newpages/);
    await expect400('/rest/research/seo/backlinks?domain=alpha.example&status=dead', /status must be all, live or lost/);
    await expect400('/rest/research/seo/backlinks?domain=alpha.example&url=https://alpha.example/', /either domain or url/);
    await expect400('/rest/research/outreach/top-domains?startRow=0', /start row/);
    await expect400('/rest/research/outreach/top-domains?sortDirection=up', /asc or desc/);
    await expect400(`/rest/research/outreach/top-domains?filter=${'x'.repeat(201)}`, /at most 200/);
    await expect400('/rest/research/outreach/custom-list?domains=alpha.example,not_a_domain', /not a domain name/);
    await expect400('/rest/research/outreach/leads?domain=alpha.example&competitors=a.example,b.example,c.example,d.example,e.example,f.example', /1 to 5/);
    await expect400('/rest/research/outreach/keyword-list?keywords=red%20shoes&topic=shoes', /either keywords or a topic/);
  });
});

describe('Export queries', () => {
  it('give every table\'s whole ordered query, the rows a full user pages through', async () => {
    const sql: Sql = { query: async <T extends object>(text: string, params: readonly unknown[] = []) => (await database.query(toNumberedPlaceholders(text), [...params])) as T[] };
    const cases: [ExportTableId, Record<string, string>, string][] = [
      ['seo/keywords', { domain: 'omega.example', sort: 'keyword', sortDirection: 'asc' }, '/rest/research/seo/keywords?domain=omega.example&sort=keyword&sortDirection=asc'],
      ['seo/kombat', { domains: 'alpha.example,beta.example', segment: 'all' }, '/rest/research/seo/kombat?domains=alpha.example,beta.example&segment=all'],
      ['seo/ranking-history', { domain: 'alpha.example', type: 'MostValuable' }, '/rest/research/seo/ranking-history?domain=alpha.example&type=MostValuable'],
      ['outreach/leads', { domain: 'alpha.example', competitors: 'beta.example,gamma.example' }, '/rest/research/outreach/leads?domain=alpha.example&competitors=beta.example,gamma.example'],
    ];
    for (const [name, params, path] of cases) {
      const prepared = await prepareExport(sql, name, params);
      expect(prepared.query).not.toBeNull();
      const query = prepared.query!;
      const rows = await database.query<Record<string, unknown>>(toNumberedPlaceholders(query.sql), query.params);
      // The export's request counts them as the page does, without the every-row statement's figures.
      expect({ name, counted: await totalRowsOf(sql, query) }).toEqual({ name, counted: rows.length });
      if (query !== prepared.perBatchQuery && prepared.perBatchQuery) expect(query.totalSql).toBeDefined();
      // Columns too costly for every row (the ranking history) are added batch by batch, as an export does.
      const streamed = query.decorate ? await query.decorate(sql, rows) : rows;
      // Each row names its own warehouse sources (an export's Data Source); the page does not show them.
      expect(streamed.every((row) => rowSourceIds(row[rowSourceColumn]).length > 0)).toBe(true);
      // The ranking history comes as the file's text (the page's history as JSON), copied to the file unparsed.
      if (name === 'seo/ranking-history') expect(streamed.every((row) => typeof row.history === 'string')).toBe(true);
      const asPaged = streamed.map((row) => (typeof row.history === 'string' ? { ...row, history: JSON.parse(row.history) as unknown } : row));
      expect(asPaged.map(withoutRowSource)).toEqual(await allRows(path));
    }
    await expect(prepareExport(sql, 'seo/keywords', { domain: 'alpha.example', sort: 'nope' })).rejects.toThrow('The sort column is not valid.');
    await expect(prepareExport(sql, 'seo/keywords', {})).rejects.toThrow('Give either domain or url.');
    expect((await prepareExport(sql, 'seo/competitors', { domain: 'nobody.example' })).query).toBeNull();
  });
});
