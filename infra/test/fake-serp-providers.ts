import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeProvider = 'dataforseo' | 'serpapi' | 'openserp';

/** One request a fake provider received. */
export interface FakeSerpRequest {
  provider: FakeProvider;
  method: string;
  path: string;
  query: Record<string, string>;
  json: unknown;
  authorization: string | null;
  status: number;
  at: number;
}

/** A scripted failure of a coming call: the HTTP status (and Retry-After seconds), or DataForSEO's in-body status code. */
export interface ScriptedFailure {
  status?: number;
  retryAfter?: number;
  /** DataForSEO only: answer HTTP 200 with this status_code (40202 = rate limit per minute exceeded). */
  dataForSeoStatusCode?: number;
}

export interface FakeOrganicResult {
  url: string;
  title: string;
}

const defaultPage = (keyword: string): FakeOrganicResult[] =>
  Array.from({ length: 12 }, (_, index) => ({
    url: `https://site${index + 1}.example/${keyword.replace(/[^a-z0-9]+/g, '-')}`,
    title: `${keyword} — result ${index + 1}`,
  }));

/**
 * Local stand-ins for three SERP providers on one port, answering in each one's own shape (tests point
 * DATAFORSEO_BASE_URL, SERPAPI_BASE_URL and OPENSERP_BASE_URL at `baseUrl`):
 * - DataForSEO: POST /v3/serp/google/organic/live/advanced, HTTP Basic; HTTP 401 for bad credentials, HTTP 200
 *   with `status_code` 40202 for the per-minute rate limit, 500 with status_code 50000 for its internal errors;
 *   results as tasks[0].result[0].items with paid and featured items mixed in.
 * - SerpApi: GET /search.json?engine=google&api_key=…; errors `{ error }` with 401 / 429 / 503; organic_results.
 * - OpenSERP: GET /google/search?text=…; a JSON array of { rank, url, title, description, ad }; errors
 *   `{ error, code, message }` (429 rate_limited, 503 service_unavailable).
 */
export class FakeSerpProviders {
  readonly requests: FakeSerpRequest[] = [];
  readonly failNext: Record<FakeProvider, ScriptedFailure[]> = { dataforseo: [], serpapi: [], openserp: [] };
  /** The organic page a keyword gets (the same from every provider). */
  page: (keyword: string, territory: string) => FakeOrganicResult[] = defaultPage;
  dataForSeo = { login: 'fake-login', password: 'fake-password' };
  serpApiKey = 'fake-serpapi-key';
  private server: Server | null = null;
  baseUrl = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  requestsOf(provider: FakeProvider): FakeSerpRequest[] {
    return this.requests.filter((request) => request.provider === provider);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const at = Date.now();
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://fake');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const provider: FakeProvider | null =
      url.pathname === '/v3/serp/google/organic/live/advanced' ? 'dataforseo' : url.pathname === '/search.json' ? 'serpapi' : url.pathname === '/google/search' ? 'openserp' : null;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (provider) this.requests.push({ provider, method: request.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), json, authorization: request.headers.authorization ?? null, status, at });
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (!provider) return send(404, { error: 'not_found', code: 404, message: `Cannot ${request.method} ${url.pathname}` });
    if (provider === 'dataforseo') return this.dataForSeo_(request, json, send);
    if (provider === 'serpapi') return this.serpApi(url, send);
    return this.openSerp(url, send);
  }

  private nextFailure(provider: FakeProvider): ScriptedFailure | undefined {
    return this.failNext[provider].shift();
  }

  private dataForSeo_(request: IncomingMessage, json: unknown, send: (status: number, body: unknown, headers?: Record<string, string>) => void): void {
    const envelope = (statusCode: number, message: string, tasks: unknown[] = []) => ({
      version: '0.1.20261101',
      status_code: statusCode,
      status_message: message,
      time: '0.1 sec.',
      cost: tasks.length ? 0.002 : 0,
      tasks_count: tasks.length,
      tasks_error: statusCode === 20000 ? 0 : tasks.length,
      tasks,
    });
    const expected = `Basic ${Buffer.from(`${this.dataForSeo.login}:${this.dataForSeo.password}`).toString('base64')}`;
    if (request.method !== 'POST') return send(405, envelope(40501, 'Method Not Allowed.'));
    if (request.headers.authorization !== expected) {
      return send(401, envelope(40100, 'You are not authorized to access this resource. See your login details here: https://app.dataforseo.com/api-access'));
    }
    const failure = this.nextFailure('dataforseo');
    if (failure?.dataForSeoStatusCode) return send(200, envelope(failure.dataForSeoStatusCode, failure.dataForSeoStatusCode === 40202 ? 'Rate limit per minute exceeded.' : 'Error.'));
    if (failure?.status) {
      return send(failure.status, envelope(50000, 'Internal Server Error.'), failure.retryAfter !== undefined ? { 'retry-after': String(failure.retryAfter) } : {});
    }
    const task = Array.isArray(json) ? (json[0] as { keyword?: string; location_code?: number; language_code?: string }) : undefined;
    if (!task?.keyword) return send(200, envelope(20000, 'Ok.', [{ id: 'task-0', status_code: 40501, status_message: 'Invalid Field: keyword.', result: null }]));
    const territory = { 2840: 'US', 2826: 'UK', 2124: 'CA', 2036: 'AU' }[task.location_code ?? 2840] ?? 'US';
    const organic = this.page(task.keyword, territory);
    // A real page mixes ads and features in; rank_group counts within a type, rank_absolute over all items.
    const items = [
      { type: 'paid', rank_group: 1, rank_absolute: 1, domain: 'ads.example', title: 'An ad', url: 'https://ads.example/landing' },
      ...organic.map((result, index) => ({
        type: 'organic',
        rank_group: index + 1,
        rank_absolute: index + 2 + (index >= 3 ? 1 : 0),
        domain: new URL(result.url).hostname,
        title: result.title,
        url: result.url,
        description: 'A description.',
      })),
    ];
    items.splice(4, 0, { type: 'people_also_ask', rank_group: 1, rank_absolute: 5, domain: '', title: 'People also ask', url: null as unknown as string });
    send(
      200,
      envelope(20000, 'Ok.', [
        {
          id: 'task-1',
          status_code: 20000,
          status_message: 'Ok.',
          data: { api: 'serp', function: 'live', se: 'google', se_type: 'organic', keyword: task.keyword, location_code: task.location_code, language_code: task.language_code },
          result: [{ keyword: task.keyword, type: 'organic', se_domain: 'google.com', location_code: task.location_code, language_code: task.language_code, items_count: items.length, items }],
        },
      ]),
    );
  }

  private serpApi(url: URL, send: (status: number, body: unknown, headers?: Record<string, string>) => void): void {
    if (url.searchParams.get('api_key') !== this.serpApiKey) return send(401, { error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key' });
    const failure = this.nextFailure('serpapi');
    if (failure?.status) {
      const message = failure.status === 429 ? 'You have exceeded the hourly throughput limit for your plan.' : 'Something went wrong on our end.';
      return send(failure.status, { error: message }, failure.retryAfter !== undefined ? { 'retry-after': String(failure.retryAfter) } : {});
    }
    const q = url.searchParams.get('q');
    if (!q) return send(400, { error: 'Missing query `q` parameter.' });
    const territory = (url.searchParams.get('gl') ?? 'us').toUpperCase();
    send(200, {
      search_metadata: { id: 'search-1', status: 'Success', total_time_taken: 1.2 },
      search_parameters: { engine: 'google', q, gl: url.searchParams.get('gl'), hl: url.searchParams.get('hl'), google_domain: url.searchParams.get('google_domain') },
      search_information: { organic_results_state: 'Results for exact spelling', total_results: 1000 },
      organic_results: this.page(q, territory).map((result, index) => ({
        position: index + 1,
        title: result.title,
        link: result.url,
        displayed_link: result.url,
        snippet: 'A snippet.',
      })),
    });
  }

  private openSerp(url: URL, send: (status: number, body: unknown, headers?: Record<string, string>) => void): void {
    const failure = this.nextFailure('openserp');
    if (failure?.status) {
      const reason = failure.status === 429 ? 'rate_limited' : failure.status === 503 ? 'service_unavailable' : 'server_error';
      return send(failure.status, { error: reason, code: failure.status, message: 'captcha found, please stop sending requests for a while' }, failure.retryAfter !== undefined ? { 'retry-after': String(failure.retryAfter) } : {});
    }
    const text = url.searchParams.get('text');
    if (!text) return send(400, { error: 'bad_request', code: 400, message: 'query cannot be empty: provide text, site, or file parameter' });
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const page = this.page(text, 'US').slice(0, limit);
    send(200, [
      { rank: 0, url: 'https://ads.example/landing', title: 'An ad', description: 'Sponsored', ad: true },
      ...page.map((result, index) => ({ rank: index + 1, url: result.url, title: result.title, description: 'A description.', ad: false })),
    ]);
  }
}
