import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';

/** Smoke test of every PPC and keyword research endpoint on the generated tiny market (numbers: ppc-keyword-research.int.spec.ts). */
jest.setTimeout(60_000);

let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;

beforeAll(async () => {
  testApp = await startTestApp({ tinyMarket: true });
  ({ database, baseUrl } = testApp);
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

const get = async (path: string) => {
  const response = await fetch(baseUrl + path, { headers: { accept: 'application/json' } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { rows?: unknown[]; totalRows?: number } };
};

describe('PPC and keyword research on the demo market', () => {
  it('answers every endpoint with rows for a busy advertiser and a head keyword', async () => {
    const [advertiser] = await database.query<{ name: string }>(
      `select d.name from domain_month dm join domain d on d.id = dm.domain_id where dm.territory = 'US' and dm.month = (select max(month) from domain_month) order by dm.paid_keywords desc limit 2`,
    );
    const rivals = await database.query<{ name: string }>(
      `select d.name from domain_month dm join domain d on d.id = dm.domain_id where dm.territory = 'US' and dm.month = (select max(month) from domain_month) order by dm.paid_keywords desc offset 1 limit 2`,
    );
    const [keyword] = await database.query<{ term: string }>(`select term from keyword where territory = 'US' order by volume desc limit 1`);
    const domain = encodeURIComponent(advertiser!.name);
    const term = encodeURIComponent(keyword!.term);
    const paths = [
      `/rest/research/ppc/overview?query=${domain}`,
      `/rest/research/ppc/competitors?query=${domain}`,
      `/rest/research/ppc/kombat?query=${domain}&competitors=${rivals.map((rival) => rival.name).join(',')}&segment=all`,
      `/rest/research/ppc/keywords?query=${domain}&type=mostsuccessful`,
      `/rest/research/ppc/ad-history?query=${domain}`,
      `/rest/research/ppc/adwords-advisor?query=${domain}&type=buy`,
      `/rest/research/ppc/ad-templates?query=${encodeURIComponent(keyword!.term.split(' ')[0]!)}`,
      `/rest/research/keyword/overview?query=${term}`,
      `/rest/research/keyword/related?query=${term}&type=buys`,
      `/rest/research/keyword/related?query=${term}&type=ranks`,
      `/rest/research/keyword/related?query=${term}&type=similar`,
      `/rest/research/keyword/ad-history?query=${term}`,
      `/rest/research/keyword/ranking-history?query=${term}`,
      `/rest/research/keyword/serp-analysis?query=${term}`,
      `/rest/research/keyword/backlinks?query=${term}`,
      `/rest/research/keyword/adwords-advisor?query=${term}&type=buy`,
    ];
    for (const path of paths) {
      const { status, body } = await get(path);
      expect({ path, status }).toEqual({ path, status: 200 });
      if (body.rows) expect({ path, totalRows: (body.totalRows ?? 0) > 0 }).toEqual({ path, totalRows: true });
    }
  });
});
