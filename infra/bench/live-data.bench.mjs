// @ts-check
/**
 * Live research data (issue 20 point 6, the provider half): a domain with BENCH_LIVE_KEYWORDS (10,000) ranked keywords
 * and BENCH_LIVE_BACKLINKS (5,000) backlinks from a fake DataForSEO is on screen — the overview page in Chromium says
 * the data has landed and shows its keywords and competitors — within 5 s of the provider's last answer. Printed as the
 * lag after the last answer (target ≤ 5 s) and as a ratio to the fake's own time (first request to last answer).
 * Makes and drops a scratch database on the server DATABASE_URL names; starts the built backend and worker with
 * DATA_PROVIDER=dataforseo pointed at the fake.
 */
import { runMigrations } from '@serpwise/database';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { fullUserClient, startBackend } from './lib/backend.mjs';
import { reportFigure } from './lib/figures.mjs';
import { ms } from './lib/stats.mjs';

const keywordCount = Number(process.env.BENCH_LIVE_KEYWORDS ?? 10_000);
const backlinkCount = Number(process.env.BENCH_LIVE_BACKLINKS ?? 5_000);
const targetLagMs = 5_000;
const domain = 'benchlive.example';

/** The months of the last `count`, oldest first. @param {number} count */
function months(count) {
  const now = new Date();
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - index), 1));
    return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
  });
}

const metrics = (/** @type {number} */ count) => ({
  organic: { pos_1: Math.round(count * 0.05), pos_2_3: Math.round(count * 0.1), pos_4_10: Math.round(count * 0.25), etv: count * 12.5, count, estimated_paid_traffic_cost: count * 20 },
  paid: { pos_1: 2, pos_2_3: 3, pos_4_10: 1, etv: 310, count: 6, estimated_paid_traffic_cost: 540 },
});

/** A fake DataForSEO (the documented envelope, Labs / Backlinks / Keywords Data) that times its own answers. */
function startFake() {
  const timing = { first: 0, last: 0, requests: 0 };
  const history = months(12);
  const keywordItem = (/** @type {number} */ index, /** @type {string} */ type) => ({
    se_type: 'google',
    keyword_data: {
      keyword: `${type === 'paid' ? 'buy ' : ''}bench keyword ${index + 1}`,
      keyword_info: { search_volume: 10_000 - (index % 9_000), cpc: 1.25, competition: 0.4, monthly_searches: history.map((month) => ({ ...month, search_volume: 5_000 })) },
      keyword_properties: { keyword_difficulty: 30 },
    },
    ranked_serp_element: { serp_item: { type, rank_group: (index % 20) + 1, url: `https://${domain}/${type}/${index % 2_000}`, title: `Bench page ${index}`, description: 'An ad.', domain } },
  });
  /** @param {string} path @param {Record<string, any>} task */
  const answer = (path, task) => {
    const [limit, offset] = [Number(task.limit ?? 100), Number(task.offset ?? 0)];
    const page = (/** @type {number} */ total, /** @type {(index: number) => unknown} */ make) =>
      Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, index) => make(offset + index));
    switch (path) {
      case '/v3/dataforseo_labs/google/historical_rank_overview/live':
        return { items: months(24).map((month, index) => ({ ...month, metrics: metrics(keywordCount + index * 10) })) };
      case '/v3/dataforseo_labs/google/ranked_keywords/live': {
        const paid = String(task.item_types) === 'paid';
        return { total_count: paid ? 50 : keywordCount, items: page(paid ? 50 : keywordCount, (index) => keywordItem(index, paid ? 'paid' : 'organic')) };
      }
      case '/v3/dataforseo_labs/google/competitors_domain/live':
        return { items: [{ domain, intersections: keywordCount }, ...Array.from({ length: 20 }, (_, index) => ({ domain: `rival${index + 1}.example`, intersections: 2_000 - index * 50, full_domain_metrics: metrics(5_000) }))] };
      case '/v3/backlinks/summary/live':
        return { target: domain, backlinks: backlinkCount, referring_domains: 1_000, referring_pages: 4_000, rank: 400 };
      case '/v3/backlinks/backlinks/live':
        return { total_count: backlinkCount, items: page(backlinkCount, (index) => ({
          type: 'backlink', url_from: `https://linker${index % 1_000}.example/post/${index}`, url_to: `https://${domain}/organic/${index % 2_000}`,
          page_from_title: `Post ${index}`, anchor: `bench anchor ${index % 50}`, dofollow: index % 4 !== 0, first_seen: '2025-05-01 00:00:00 +00:00', is_lost: false, lost_date: null,
        })) };
      default:
        return null;
    }
  };
  const server = createServer(async (request, response) => {
    const started = Date.now();
    if (!timing.first) timing.first = started;
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const task = JSON.parse(Buffer.concat(chunks).toString('utf8') || '[{}]')[0] ?? {};
    const result = answer(path, task);
    const body = JSON.stringify({
      version: '0.1.20261101', status_code: 20000, status_message: 'Ok.', time: '0.1 sec.', cost: 0.01, tasks_count: 1, tasks_error: 0,
      tasks: [{ id: 'bench', status_code: result ? 20000 : 40400, status_message: result ? 'Ok.' : 'Not Found.', cost: 0.01, result: result ? [result] : null }],
    });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body, () => {
      timing.last = Date.now();
      timing.requests += 1;
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = /** @type {import('node:net').AddressInfo} */ (server.address());
    resolve({ baseUrl: `http://127.0.0.1:${address.port}`, timing, stop: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done(undefined)); }) });
  }));
}

/** @param {{ databaseUrl: string, redisUrl: string, log: (line: string) => void }} context */
export async function run({ databaseUrl, redisUrl, log }) {
  const name = `serpwise_bench_live_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  log(`${keywordCount.toLocaleString('en-US')} ranked keywords, ${backlinkCount.toLocaleString('en-US')} backlinks; load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}`);
  /** @type {any} */
  const fake = await startFake();
  /** @type {Awaited<ReturnType<typeof startBackend>> | null} */
  let backend = null;
  /** @type {import('playwright-core').Browser | null} */
  let browser = null;
  const misses = [];
  try {
    await runMigrations(url.toString());
    Object.assign(process.env, {
      DATA_PROVIDER: 'dataforseo', DATAFORSEO_LOGIN: 'bench', DATAFORSEO_PASSWORD: 'bench', DATAFORSEO_BASE_URL: fake.baseUrl,
      LIVE_DATA_KEYWORD_LIMIT: String(keywordCount), LIVE_DATA_BACKLINK_LIMIT: String(backlinkCount), SERPWISE_DEMO_DATA: 'off',
    });
    backend = await startBackend({ databaseUrl: url.toString(), redisUrl, worker: true });
    const client = await fullUserClient(backend.baseUrl, url.toString());
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    const context = await browser.newContext();
    context.setDefaultTimeout(300_000);
    const [cookieName, cookieValue] = client.cookie.split('=');
    await context.addCookies([{ name: cookieName ?? '', value: cookieValue ?? '', url: backend.baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${backend.baseUrl}/overview/domain?query=${domain}&countryCode=US`);
    await page.getByRole('button', { name: 'Get live data' }).click();
    const clicked = Date.now();
    // On screen: the page says the data landed, with the keywords and competitors previews filled in.
    await page.getByText('Live data from DataForSEO has landed.').waitFor();
    await page.getByRole('link', { name: 'bench keyword 1', exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'rival1.example' }).first().waitFor();
    const onScreen = Date.now();
    const fakeOwn = fake.timing.last - fake.timing.first;
    const lag = onScreen - fake.timing.last;
    log(`click → on screen ${ms(onScreen - clicked)}; the fake's own time (first request → last answer, ${fake.timing.requests} requests) ${ms(fakeOwn)}`);
    const verdict = lag <= targetLagMs ? 'meets' : 'MISSES';
    log(`last answer → on screen: ${ms(lag)} = ${(lag / fakeOwn).toFixed(2)}× the fake's own time (${ms(fakeOwn)}); target ≤ ${ms(targetLagMs)} → ${verdict}`);
    reportFigure(log, "live data: provider's last answer → on screen", lag, 'ms', { op: '≤', limit: targetLagMs });
    reportFigure(log, "live data: last answer → on screen / the fake provider's own time", lag / fakeOwn, '×');
    if (lag > targetLagMs) misses.push(`live data on screen ${ms(lag)} after the provider's last answer (target ≤ ${ms(targetLagMs)})`);
    // The backlinks page of the same domain, opened afterwards (no target: the figure says what a user waits).
    const opened = Date.now();
    await page.goto(`${backend.baseUrl}/seo/backlinks/domain?query=${domain}&countryCode=US`);
    await page.getByText(/linker\d+\.example/).first().waitFor();
    log(`backlinks page with ${backlinkCount.toLocaleString('en-US')} backlinks on screen in ${ms(Date.now() - opened)}`);
    return { misses };
  } finally {
    await browser?.close();
    await backend?.stop();
    await fake.stop();
    await admin.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    await admin.end();
  }
}
