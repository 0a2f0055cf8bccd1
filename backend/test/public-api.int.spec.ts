import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { apiMonthlyCallLimits } from '@serpwise/contracts';
import { compileErrors, validate as validateOpenApi } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import type { HttpSession } from '../../infra/test/http-session.js';

jest.setTimeout(120_000);

let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;
/** A domain, two competitors and a keyword of the tiny demo market, with data in US. */
let domains: string[];
let keyword: string;

type OpenApi = {
  servers: { url: string }[];
  paths: Record<string, { get: { parameters: { name: string; required: boolean }[]; responses: Record<string, { content?: { 'application/json': { schema: { $ref: string } } } }> } }>;
  components: { schemas: Record<string, object> };
};

beforeAll(async () => {
  testApp = await startTestApp({ tinyMarket: true });
  ({ database, baseUrl } = testApp);
  const ranked = await database.query<{ name: string }>(
    `select d.name from organic_rank r join domain d on d.id = r.domain_id where r.territory = 'US' group by d.name order by count(*) desc, d.name limit 3`,
  );
  domains = ranked.map((row) => row.name);
  const [term] = await database.query<{ term: string }>(
    `select k.term from organic_rank r join keyword k on k.id = r.keyword_id where r.territory = 'US' group by k.term order by count(*) desc, k.term limit 1`,
  );
  keyword = term!.term;
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

interface Account {
  user: TestUser;
  browser: HttpSession;
  key: string;
  projectId: string;
}

async function accountWithKey(roles: string[] = ['full']): Promise<Account> {
  const user = await createTestUser(database, { roles: ['full'] });
  const browser = await loggedInSession(baseUrl, user);
  const { apiKey } = (await (await browser.getWithToken('/NsaApi/Account/GetGenerateApiKey')).json()) as { apiKey: string };
  const created = await browser.getWithToken(`/NsaApi/MySerpwise/Projects/CreateProject?name=Shop&domain=${domains[0]}&territory=US`);
  expect(created.status).toBe(200);
  const { id: projectId } = (await created.json()) as { id: string };
  if (roles.join() !== 'full') await database.query('update app_user set roles = $1 where id = $2', [roles, user.id]);
  return { user, browser, key: apiKey, projectId };
}

const call = (path: string, key?: string) => fetch(`${baseUrl}/api/v1/${path}`, { headers: key ? { 'x-api-key': key } : {} });
const callsThisMonth = async (userId: string) =>
  Number((await database.query<{ calls: number }>(`select calls from api_usage_month where user_id = $1 and month = date_trunc('month', now())::date`, [userId]))[0]?.calls ?? 0);

/** Every documented call with parameters that name real data (the projects' calls: the account's own project). */
function exampleCalls(projectId: string): Record<string, string> {
  const [domain, rival, third] = domains as [string, string, string];
  const q = encodeURIComponent(keyword);
  return {
    '/domain/overview': `domain=${domain}&countryCode=US`,
    '/domain/history': `domain=${domain}&countryCode=US`,
    '/seo/competitors': `domain=${domain}&countryCode=US`,
    '/ppc/competitors': `query=${domain}&countryCode=US`,
    '/seo/keywords': `domain=${domain}&countryCode=US&sort=position&sortDirection=asc&pageSize=50&filter=a`,
    '/ppc/keywords': `query=${domain}&countryCode=US`,
    '/seo/ranking-history': `domain=${domain}&countryCode=US`,
    '/seo/backlinks': `domain=${domain}&countryCode=US`,
    '/url/overview': `url=${encodeURIComponent(`https://${domain}/`)}&countryCode=US`,
    '/keyword/overview': `query=${q}&countryCode=US`,
    '/keyword/related': `query=${q}&countryCode=US&type=similar`,
    '/keyword/questions': `query=${q}&countryCode=US`,
    '/keyword/serp': `query=${q}&countryCode=US`,
    '/keyword/ranking-history': `query=${q}&countryCode=US`,
    '/keyword/backlinks': `query=${q}&countryCode=US`,
    '/ppc/ad-history': `query=${domain}&countryCode=US`,
    '/keyword/ad-history': `query=${q}&countryCode=US`,
    '/seo/kombat': `domains=${domain},${rival}&countryCode=US`,
    '/ppc/kombat': `query=${domain}&competitors=${rival},${third}&countryCode=US`,
    '/outreach/leads': `domain=${domain}&competitors=${rival}&countryCode=US`,
    '/projects/list': '',
    '/projects/keywords': `projectId=${projectId}`,
  };
}

async function openApi(): Promise<OpenApi> {
  const response = await fetch(`${baseUrl}/api/v1/openapi.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as OpenApi;
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1, names this installation as its server and lists every call', async () => {
    const document = await openApi();
    const result = await validateOpenApi(structuredClone(document) as never);
    expect({ valid: result.valid, errors: result.valid ? '' : compileErrors(result), specification: result.specification }).toEqual({ valid: true, errors: '', specification: 'OpenAPI' });
    expect(document.servers[0]!.url).toBe(`${testApp.environment.PUBLIC_URL}/api/v1`);
    expect(Object.keys(document.paths).sort()).toEqual(Object.keys(exampleCalls('x')).sort());
    // Table pages describe their rows column by column (the catalogue entry's row schema), exactly.
    type Page = { properties?: { rows?: { items: { anyOf: { properties: Record<string, unknown>; additionalProperties?: boolean }[] } } } };
    const tablePaths = Object.entries(document.paths).filter(([, operation]) => {
      const ref = operation.get.responses['200']!.content!['application/json'].schema.$ref;
      return Boolean((document.components.schemas[ref.slice('#/components/schemas/'.length)] as Page).properties?.rows);
    });
    expect(tablePaths.length).toBeGreaterThanOrEqual(15);
    for (const [path, operation] of tablePaths) {
      const page = document.components.schemas[operation.get.responses['200']!.content!['application/json'].schema.$ref.slice('#/components/schemas/'.length)] as Page;
      const row = page.properties!.rows!.items.anyOf.find((schema) => !('locked' in schema.properties))!;
      expect({ path, exact: row.additionalProperties, columns: Object.keys(row.properties).length > 2 }).toEqual({ path, exact: false, columns: true });
    }
  });

  it('every documented path answers in its documented shape', async () => {
    const document = await openApi();
    const { key, projectId } = await accountWithKey();
    const ajv = new Ajv2020({ strict: false });
    for (const [name, schema] of Object.entries(document.components.schemas)) ajv.addSchema(schema, `#/components/schemas/${name}`);
    const examples = exampleCalls(projectId);
    for (const [path, operation] of Object.entries(document.paths)) {
      const response = await call(`${path.slice(1)}?${examples[path]}`, key);
      const body = (await response.json()) as Record<string, unknown>;
      expect({ path, status: response.status, body: response.status === 200 ? 'ok' : body }).toEqual({ path, status: 200, body: 'ok' });
      const validate = ajv.getSchema(operation.get.responses['200']!.content!['application/json'].schema.$ref)!;
      expect({ path, valid: validate(body), errors: validate.errors ?? null }).toEqual({ path, valid: true, errors: null });
    }
  });
});

describe('/api/v1 calls', () => {
  it('answer the screen’s table, paged, sorted and filtered the same way, and count each call', async () => {
    const { user, browser, key } = await accountWithKey();
    const query = `domain=${domains[0]}&countryCode=US&sort=position&sortDirection=asc&pageSize=20&startRow=1`;
    const viaKey = (await (await call(`seo/keywords?${query}`, key)).json()) as { rows: unknown[]; totalRows: number; viewer: string };
    const viaScreen = (await (await browser.get(`/rest/research/seo/keywords?${query}`)).json()) as { rows: unknown[]; totalRows: number; viewer: string };
    expect(viaKey.totalRows).toBeGreaterThan(0);
    expect(viaKey).toEqual(viaScreen);
    expect(await callsThisMonth(user.id)).toBe(1);
    const usage = (await (await browser.get('/Endpoints/AccountApi/GetUserApiInfo')).json()) as { currentMonthUsage: number; monthlyLimit: number };
    expect(usage).toMatchObject({ currentMonthUsage: 1, monthlyLimit: apiMonthlyCallLimits.full });
  });

  it('cut the data to the key owner’s plan, like the screens do', async () => {
    const { key } = await accountWithKey(['free']);
    const page = (await (await call(`seo/keywords?domain=${domains[0]}&countryCode=US&pageSize=50`, key)).json()) as { viewer: string; lockedRows: number };
    expect(page.viewer).toBe('free');
    expect(page.lockedRows).toBeGreaterThan(0);
    const tracked = await call('projects/keywords?projectId=00000000-0000-4000-8000-000000000000', key);
    expect(tracked.status).toBe(403);
    expect(await tracked.json()).toEqual({ error: { code: 'plan_required', message: expect.any(String) } });
  });

  it('answer 401 without a key and with a wrong one, and count nothing', async () => {
    const { user } = await accountWithKey();
    for (const path of Object.keys(exampleCalls('x'))) {
      const response = await call(path.slice(1));
      expect({ path, status: response.status, body: await response.json() }).toEqual({ path, status: 401, body: { error: { code: 'missing_api_key', message: expect.any(String) } } });
    }
    const wrong = await call(`domain/overview?domain=${domains[0]}&countryCode=US`, 'sw_not-a-key');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: { code: 'invalid_api_key', message: expect.any(String) } });
    expect(await callsThisMonth(user.id)).toBe(0);
  });

  it('refuse a key once it is revoked or replaced', async () => {
    const { browser, key } = await accountWithKey();
    expect((await call('projects/list', key)).status).toBe(200);
    const { apiKey: newer } = (await (await browser.getWithToken('/NsaApi/Account/GetGenerateApiKey')).json()) as { apiKey: string };
    const replaced = await call('projects/list', key);
    expect(replaced.status).toBe(401);
    expect(await replaced.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
    expect((await call('projects/list', newer)).status).toBe(200);
    expect((await browser.getWithToken('/NsaApi/Account/RevokeApiKey')).status).toBe(200);
    expect(await (await call('projects/list', newer)).json()).toMatchObject({ error: { code: 'invalid_api_key' } });
    expect(await (await browser.get('/Endpoints/AccountApi/GetUserApiInfo')).json()).toMatchObject({ hasApiKey: false });
  });

  it('never reach another account’s project: 404', async () => {
    const mine = await accountWithKey();
    const theirs = await accountWithKey();
    const response = await call(`projects/keywords?projectId=${theirs.projectId}`, mine.key);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    const list = (await (await call('projects/list', mine.key)).json()) as { projects: { id: string }[] };
    expect(list.projects.map((project) => project.id)).toEqual([mine.projectId]);
  });

  it('answer 429 with Retry-After once the month’s allowance is used, and count no further', async () => {
    const { user, key } = await accountWithKey();
    await database.query(`insert into api_usage_month (user_id, month, calls) values ($1, date_trunc('month', now())::date, $2)`, [user.id, apiMonthlyCallLimits.full - 1]);
    expect((await call('projects/list', key)).status).toBe(200);
    for (const path of Object.keys(exampleCalls('x'))) {
      const response = await call(path.slice(1), key);
      const retryAfter = Number(response.headers.get('retry-after'));
      expect({ path, status: response.status, body: await response.json() }).toEqual({ path, status: 429, body: { error: { code: 'quota_exceeded', message: expect.any(String) } } });
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(31 * 86_400);
    }
    expect(await callsThisMonth(user.id)).toBe(apiMonthlyCallLimits.full);
  });

  it('refuse bad input and unknown calls with stable codes', async () => {
    const { key } = await accountWithKey();
    const bad = await call('seo/keywords?domain=not a domain&countryCode=US&pageSize=7', key);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: { code: 'invalid_request', message: expect.stringContaining('page size') } });
    const unknown = await call('seo/nothing-here', key);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
