import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { compileErrors, validate as validateOpenApi } from '@readme/openapi-parser';
import { researchTableIds } from '@serpwise/contracts';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import type { HttpSession } from '../../infra/test/http-session.js';

jest.setTimeout(120_000);

type Operation = { operationId: string; parameters: { name: string; in: string; required: boolean }[]; requestBody?: object; security?: object[] };
type OpenApi = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  'x-undocumented-routes': { method: string; path: string; handler: string; because: string }[];
};

let testApp: TestApp;
let admin: HttpSession;

beforeAll(async () => {
  testApp = await startTestApp({ tinyMarket: true });
  admin = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['admin', 'full'] }));
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

async function document(): Promise<OpenApi> {
  const response = await admin.get('/rest/openapi.json');
  expect(response.status).toBe(200);
  return (await response.json()) as OpenApi;
}

describe('the internal REST API’s OpenAPI document (/rest/openapi.json)', () => {
  it('is for admins only', async () => {
    expect((await fetch(`${testApp.baseUrl}/rest/openapi.json`, { headers: { accept: 'application/json' } })).status).toBe(401);
    const user = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full'] }));
    expect((await user.get('/rest/openapi.json')).status).toBe(403);
  });

  it('is valid OpenAPI 3.1 and documents the catalogue’s tables, exports, imports, jobs and reports by their zod schemas', async () => {
    const openApi = await document();
    const result = await validateOpenApi(structuredClone(openApi) as never);
    expect({ valid: result.valid, errors: result.valid ? '' : compileErrors(result), specification: result.specification }).toEqual({ valid: true, errors: '', specification: 'OpenAPI' });
    expect(openApi.openapi).toBe('3.1.0');
    expect(openApi.servers[0]!.url).toBe(testApp.environment.PUBLIC_URL);
    // Every table of the one catalogue, with its own schema's fields.
    for (const table of researchTableIds) expect({ table, documented: Boolean(openApi.paths[`/rest/research/${table}`]?.get) }).toEqual({ table, documented: true });
    const names = (operation: Operation) => operation.parameters.map((parameter) => parameter.name);
    expect(names(openApi.paths['/rest/research/seo/keywords']!.get!)).toEqual(expect.arrayContaining(['domain', 'countryCode', 'startRow', 'pageSize', 'sort', 'sortDirection', 'filter']));
    expect(openApi.paths['/rest/research/outreach/keyword-list']!.post!.requestBody).toBeDefined();
    // A path parameter validated by a zod schema, a body, a query, and the session and token they need.
    expect(openApi.paths['/rest/exports/{id}']!.get!.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(openApi.paths['/rest/exports']!.post).toMatchObject({ requestBody: { required: true }, security: [{ session: [], csrfToken: [] }] });
    expect(names(openApi.paths['/rest/jobs']!.get!)).toEqual(expect.arrayContaining(['before']));
    expect(openApi.paths['/rest/reports/schedules/{id}/deliveries']?.get).toBeDefined();
    // The routes left out each say why, and none of them is also in the document.
    expect(openApi['x-undocumented-routes'].length).toBeGreaterThan(0);
    for (const route of openApi['x-undocumented-routes']) {
      expect(route.because).toMatch(/zod schema/);
      expect(openApi.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()]).toBeUndefined();
    }
  });

  it('every documented path answers (no route-not-found 404)', async () => {
    const openApi = await document();
    const unanswered: string[] = [];
    let operations = 0;
    for (const [path, item] of Object.entries(openApi.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        operations += 1;
        // A value no id schema takes: the route must be found and answer 400 (or its handler's own 404), never the router's.
        const url = path.replace(/\{(\w+)\}/g, 'not-an-id');
        const response = await admin.request(method.toUpperCase(), url, { 'x-csrf-token': admin.csrfToken }, operation.requestBody ? {} : undefined);
        const text = await response.text();
        if (response.status === 404 && /Cannot [A-Z]+ /.test(text)) unanswered.push(`${method.toUpperCase()} ${path}: ${text.slice(0, 120)}`);
      }
    }
    expect(operations).toBeGreaterThan(50);
    expect(unanswered).toEqual([]);
  });
});
