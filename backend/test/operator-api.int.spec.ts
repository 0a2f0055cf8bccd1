import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { compileErrors, validate as validateOpenApi } from '@readme/openapi-parser';
import { researchTableIds } from '@serpwise/contracts';
import { researchTableEntry } from '@serpwise/research';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { testData } from '../../infra/test/test-data.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import type { HttpSession } from '../../infra/test/http-session.js';

jest.setTimeout(120_000);

type Content = Record<string, { schema: { $ref?: string; type?: string; properties?: Record<string, unknown>; required?: string[] } }>;
type Operation = {
  operationId: string;
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Content };
  security?: object[];
  responses: Record<string, { description: string; content?: Content }>;
};
type OpenApi = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
  'x-undocumented-routes': { method: string; path: string; handler: string; because: string }[];
};

let testApp: TestApp;
let admin: HttpSession;

beforeAll(async () => {
  testApp = await startTestApp({ tinyMarket: true });
  admin = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['admin', 'full'] }));
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

/** The columns a table page's component gives its (unlocked) rows, exactly: no other field is allowed. */
function rowColumns(openApi: OpenApi, ref: string): string[] {
  const page = openApi.components.schemas[ref.slice('#/components/schemas/'.length)] as { properties: { rows: { items: { anyOf: { properties: Record<string, unknown>; additionalProperties?: boolean }[] } } } };
  const row = page.properties.rows.items.anyOf.find((schema) => !('locked' in schema.properties))!;
  expect(row.additionalProperties).toBe(false);
  return Object.keys(row.properties);
}

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
    // Every table of the one catalogue, with its own schema's fields, and its rows column by column (the entry's row schema).
    for (const table of researchTableIds) expect({ table, documented: Boolean(openApi.paths[`/rest/research/${table}`]?.get ?? openApi.paths[`/rest/research/${table}`]?.post) }).toEqual({ table, documented: true });
    for (const table of researchTableIds) {
      const operation = openApi.paths[`/rest/research/${table}`]!.get ?? openApi.paths[`/rest/research/${table}`]!.post!;
      expect({ table, columns: rowColumns(openApi, operation.responses['200']!.content!['application/json']!.schema.$ref!) }).toEqual({ table, columns: Object.keys(researchTableEntry(table).row.shape) });
    }
    expect(rowColumns(openApi, openApi.paths['/rest/research/seo/keywords']!.get!.responses['200']!.content!['application/json']!.schema.$ref!)).toEqual(expect.arrayContaining(['keyword', 'position', 'cpc', 'value']));
    const names = (operation: Operation) => operation.parameters.map((parameter) => parameter.name);
    expect(names(openApi.paths['/rest/research/seo/keywords']!.get!)).toEqual(expect.arrayContaining(['domain', 'countryCode', 'startRow', 'pageSize', 'sort', 'sortDirection', 'filter']));
    expect(openApi.paths['/rest/research/outreach/keyword-list']!.post!.requestBody).toBeDefined();
    // A path parameter validated by a zod schema, a body, a query, and the session and token they need.
    expect(openApi.paths['/rest/exports/{id}']!.get!.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(openApi.paths['/rest/exports']!.post).toMatchObject({ requestBody: { required: true }, security: [{ session: [], csrfToken: [] }] });
    expect(names(openApi.paths['/rest/jobs']!.get!)).toEqual(expect.arrayContaining(['before']));
    expect(openApi.paths['/rest/reports/schedules/{id}/deliveries']?.get).toBeDefined();
    // Every route is in: path ids by their zod schemas, signed downloads with their link's query, uploads as multipart.
    expect(openApi['x-undocumented-routes']).toEqual([]);
    const download = openApi.paths['/rest/exports/{id}/download']!.get!;
    expect(names(download)).toEqual(['id', 'expires', 'signature']);
    expect(Object.keys(download.responses['200']!.content!)).toEqual(['text/csv; charset=utf-8', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect(download.responses['302']).toBeDefined();
    const upload = openApi.paths['/rest/imports']!.post!.requestBody!.content['multipart/form-data']!.schema;
    expect(Object.keys(upload.properties!)).toEqual(['format', 'territory', 'domain', 'date', 'dateFrom', 'dateTo', 'file']);
    expect(upload.required).toEqual(['format', 'file']);
    expect(Object.keys(openApi.paths['/rest/account/report-brands/{id}/logo']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(openApi.paths['/rest/account/report-brands/{id}']!.delete!.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
      expect.objectContaining({ name: 'moveSchedulesTo', in: 'query', required: false }),
    ]);
    expect(Object.keys(openApi.paths['/rest/reports/shared/{token}/pdf']!.get!.responses['200']!.content!)).toEqual(['application/pdf']);
    // Answers: by their zod schemas.
    expect(openApi.paths['/rest/jobs']!.get!.responses['200']!.content!['application/json']!.schema.$ref).toBe('#/components/schemas/JobListPage');
    expect(openApi).not.toHaveProperty('x-answers-undescribed');
  });

  it('describes every operation’s success answer: a schema for JSON, its content types for a file, or 204', async () => {
    const openApi = await document();
    const undescribed: string[] = [];
    for (const [path, item] of Object.entries(openApi.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const success = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
        const described = success.length === 1 && (success[0] === '204' || Object.values(operation.responses[success[0]!]!.content ?? {}).some((media) => Boolean(media.schema)));
        if (!described) undescribed.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undescribed).toEqual([]);
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

describe('answers in their documented shape', () => {
  it('a call of every area answers exactly what its operation’s response schema says', async () => {
    const openApi = await document();
    // The components in one document, so their $refs to each other resolve (#/components/schemas/…).
    // The two formats zod writes for these answers, checked (ajv alone would ignore them).
    const ajv = new Ajv2020({
      strict: false,
      allErrors: true,
      formats: {
        uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
        'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
      },
    });
    ajv.addSchema({ $id: 'rest', components: openApi.components }, 'rest');
    const [domain, rival, third] = (
      await testApp.database.query<{ name: string }>(
        `select d.name from organic_rank r join domain d on d.id = r.domain_id where r.territory = 'US' group by d.name order by count(*) desc, d.name limit 3`,
      )
    ).map((row) => row.name) as [string, string, string];
    const [{ term }] = (await testApp.database.query<{ term: string }>(
      `select k.term from organic_rank r join keyword k on k.id = r.keyword_id where r.territory = 'US' group by k.term order by count(*) desc, k.term limit 1`,
    )) as [{ term: string }];
    const keyword = encodeURIComponent(term);
    const owner = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['full', 'recon_full'] }));
    const form = (fields: Record<string, string>, file: Buffer, fileName: string) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.append(name, value);
      data.append('file', new Blob([new Uint8Array(file)]), fileName);
      return data;
    };
    const serpFile = testData('serp/search_results.csv');

    const checked: string[] = [];
    /** Calls one documented operation and checks the answer against the schema the document gives its success status. */
    const answersAsDocumented = async (method: string, path: string, url: string, send: () => Promise<Response>): Promise<Record<string, unknown> & { id?: string }> => {
      const operation = openApi.paths[path]?.[method];
      expect({ path, method, documented: Boolean(operation) }).toEqual({ path, method, documented: true });
      const response = await send();
      const body = (await response.json()) as Record<string, unknown> & { id?: string };
      const success = Object.keys(operation!.responses).find((status) => status.startsWith('2'))!;
      expect({ url, status: response.status, body: response.ok ? 'ok' : body }).toEqual({ url, status: Number(success), body: 'ok' });
      const schema = operation!.responses[success]!.content!['application/json']!.schema;
      const validate = ajv.compile({ $ref: `rest${schema.$ref}` });
      expect({ url, valid: validate(body), errors: validate.errors ?? null }).toEqual({ url, valid: true, errors: null });
      checked.push(`${method.toUpperCase()} ${path}`);
      return body;
    };
    const get = (path: string, query = '') => answersAsDocumented('get', path, `${path}${query}`, () => owner.get(`${path}${query}`));
    const post = (path: string, body: unknown, url = path) => answersAsDocumented('post', path, url, () => owner.post(url, body));

    // Research: the overviews, months, footprint, kombat and catalogue tables.
    await get('/rest/research/footprint');
    await get('/rest/research/domain-overview', `?domain=${domain}&countryCode=US`);
    await get('/rest/research/months', `?domain=${domain}&countryCode=US`);
    await get('/rest/research/url-overview', `?url=${encodeURIComponent(`https://${domain}/`)}&countryCode=US`);
    await get('/rest/research/keyword/overview', `?query=${keyword}&countryCode=US`);
    await get('/rest/research/ppc/overview', `?query=${domain}&countryCode=US`);
    await get('/rest/research/seo/kombat', `?domains=${domain},${rival}&countryCode=US`);
    await get('/rest/research/ppc/kombat', `?query=${domain}&competitors=${rival},${third}&countryCode=US`);
    await get('/rest/research/seo/keywords', `?domain=${domain}&countryCode=US`);
    await post('/rest/research/keyword/bulk', { keywords: term, countryCode: 'US' });
    // Exports, imports and the job center (no worker runs here: the jobs stay queued).
    const exported = await post('/rest/exports', { table: 'seo/keywords', params: { domain, countryCode: 'US' } });
    await get('/rest/exports');
    await answersAsDocumented('get', '/rest/exports/{id}', `/rest/exports/${exported.id}`, () => owner.get(`/rest/exports/${exported.id}`));
    const exportJob = await answersAsDocumented('get', '/rest/jobs/{id}', `/rest/jobs/${exported.id}`, () => owner.get(`/rest/jobs/${exported.id}`));
    await answersAsDocumented('post', '/rest/exports/{id}/cancel', `/rest/exports/${exported.id}/cancel`, () => owner.post(`/rest/exports/${exported.id}/cancel`));
    await answersAsDocumented('post', '/rest/imports/inspect', '/rest/imports/inspect', () => owner.postForm('/rest/imports/inspect', form({ format: 'serp' }, serpFile, 'search_results.csv')));
    const imported = await answersAsDocumented('post', '/rest/imports', '/rest/imports', () =>
      owner.postForm('/rest/imports', form({ format: 'serp', territory: 'US', date: '2026-09-30' }, serpFile, 'search_results.csv')),
    );
    await get('/rest/imports');
    await answersAsDocumented('get', '/rest/imports/{id}', `/rest/imports/${imported.id}`, () => owner.get(`/rest/imports/${imported.id}`));
    await get('/rest/jobs');
    // Projects and account.
    await get('/rest/projects/team-access');
    await get('/rest/projects/websites');
    await get('/rest/projects/contacts');
    await get('/rest/session');
    await post('/rest/account/report-brands', { name: 'Client A', companyName: 'Client A Ltd', primaryColor: '#123456', accentColor: '#abcdef', contactLine: 'hello@client-a.example' });
    await get('/rest/account/report-brands');
    await get('/rest/search-console');
    await get('/rest/live-data', `?domain=${domain}&countryCode=US`);
    await get('/rest/assistant');
    await post('/rest/diagnostics', {});
    // Recon reports and HQ.
    const report = await post('/rest/recon/reports', { type: 'seo', primaryDomain: domain, keywordsCsv: term, competitors: [rival] });
    await get('/rest/recon/reports');
    const reportUrl = `/rest/recon/reports/${report.id}`;
    await answersAsDocumented('get', '/rest/recon/reports/{id}', reportUrl, () => owner.get(reportUrl));
    await answersAsDocumented('post', '/rest/recon/reports/{id}', reportUrl, () => owner.post(reportUrl, { type: 'seo', primaryDomain: domain, keywordsCsv: term, competitors: [rival, third] }));
    const ranking = (await answersAsDocumented('get', '/rest/recon/reports/{id}/live-ranking', `${reportUrl}/live-ranking`, () => owner.get(`${reportUrl}/live-ranking`))) as { rows: { termId: number | null }[] };
    const termId = ranking.rows.find((row) => row.termId !== null)!.termId;
    await answersAsDocumented('get', '/rest/recon/reports/{id}/live-ranking/{termId}', `${reportUrl}/live-ranking/${termId}`, () => owner.get(`${reportUrl}/live-ranking/${termId}`));
    await answersAsDocumented('delete', '/rest/recon/reports/{id}', reportUrl, () => owner.request('DELETE', reportUrl, { 'x-csrf-token': owner.csrfToken }));
    await get('/rest/hq/dashboard');
    // A project's rank alert and its history.
    const project = (await (await owner.getWithToken(`/NsaApi/MySerpwise/Projects/CreateProject?name=Alerts&domain=${domain}&territory=US&countryCode=US`)).json()) as { id: string };
    const alert = (await (
      await owner.post('/NsaApi/Account/SaveProjectAlert', { projectId: project.id, name: 'Ranks', alertRecipients: [{ emailAddress: 'boss@example.com', isActive: true }], rules: [{ kind: 'moves', by: 3 }] })
    ).json()) as { data: { alert: { alertId: string } } };
    const alertHistory = `/rest/project-alerts/${alert.data.alert.alertId}/history`;
    await answersAsDocumented('get', '/rest/project-alerts/{alertId}/history', alertHistory, () => owner.get(alertHistory));
    await get('/rest/projects/competitors');
    // Onboarding, sign-in settings, password reset, a bundle, billing (the sandbox gateway: no outside service).
    await get('/rest/onboarding/cleanse-domain', `?domain=${encodeURIComponent(`https://www.${domain}/page`)}`);
    await get('/rest/auth/settings');
    await get('/rest/auth/password-reset', '?token=not-a-reset-token');
    await testApp.database.query(
      `insert into bundle_code (code, granted_role, months, max_redemptions, redemption_count, valid_until, created_at) values ('OPENAPI-TEST-1M', 'full', 1, null, 0, null, now()) on conflict (code) do nothing`,
    );
    await post('/rest/account/redeem-bundle', { code: 'OPENAPI-TEST-1M' });
    await get('/rest/billing/plans');
    await post('/rest/billing/coupon', { code: 'welcome10' });
    const buyer = await loggedInSession(testApp.baseUrl, await createTestUser(testApp.database, { roles: ['free'] }));
    const card = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', securityCode: '123', expirationMonth: 12, expirationYear: new Date().getUTCFullYear() + 2 };
    await answersAsDocumented('post', '/rest/billing/purchase', '/rest/billing/purchase', () => buyer.post('/rest/billing/purchase', { purchaseId: 1139, plan: 'basic', billing: 'monthly', card }));
    await answersAsDocumented('post', '/rest/billing/annual-upgrade', '/rest/billing/annual-upgrade', () => buyer.post('/rest/billing/annual-upgrade', {}));
    // The admin console: its views, then its actions (admin actions switched on first), analytics and this document.
    const adminGet = (path: string, url = path) => answersAsDocumented('get', path, url, () => admin.get(url));
    const adminSend = (method: string, path: string, url = path, body: unknown = {}) =>
      answersAsDocumented(method, path, url, () => admin.request(method.toUpperCase(), url, { 'x-csrf-token': admin.csrfToken }, body));
    const queue = String(exportJob.queue);
    await adminSend('post', '/rest/admin/actions');
    await adminGet('/rest/admin/queues');
    await adminGet('/rest/admin/queues/samples');
    await adminGet('/rest/admin/queues/jobs/{id}', `/rest/admin/queues/jobs/${exported.id}`);
    await adminGet('/rest/admin/queues/{queue}/failed', `/rest/admin/queues/${queue}/failed`);
    await adminSend('post', '/rest/admin/queues/{queue}/pause', `/rest/admin/queues/${queue}/pause`);
    await adminSend('post', '/rest/admin/queues/{queue}/resume', `/rest/admin/queues/${queue}/resume`);
    await adminSend('post', '/rest/admin/queues/{queue}/retry-all', `/rest/admin/queues/${queue}/retry-all`);
    await adminGet('/rest/admin/jobs', `/rest/admin/jobs?queue=${queue}`);
    await adminGet('/rest/admin/jobs/{id}', `/rest/admin/jobs/${exported.id}`);
    await adminSend('post', '/rest/admin/queues/{queue}/jobs/{id}/remove', `/rest/admin/queues/${queue}/jobs/${exported.id}/remove`);
    await adminSend('post', '/rest/admin/jobs/bulk', '/rest/admin/jobs/bulk', { action: 'remove', jobs: [{ queue, id: exported.id }] });
    await adminGet('/rest/admin/queue-alerts');
    await adminSend('put', '/rest/admin/queue-alerts/thresholds/{queue}', `/rest/admin/queue-alerts/thresholds/${queue}`, { failed: null, waiting: 100, oldestWaitingMinutes: null, noWorker: false, workerMemoryMb: null });
    await adminSend('put', '/rest/admin/queue-alerts/webhook', '/rest/admin/queue-alerts/webhook', { webhookUrl: null });
    await adminGet('/rest/admin/audit-log');
    await adminGet('/rest/admin/analytics');
    await adminGet('/rest/openapi.json');
    expect(checked.length).toBeGreaterThanOrEqual(60);

    // A file answer is the documented type.
    const history = await owner.get('/rest/imports/history');
    expect(history.status).toBe(200);
    expect(Object.keys(openApi.paths['/rest/imports/history']!.get!.responses['200']!.content!)).toContain(history.headers.get('content-type'));
    await history.arrayBuffer();
  });
});
