import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake answered, as Google would have received it. */
export interface FakeGoogleRequest {
  method: string;
  path: string;
  authorization: string | null;
  form: Record<string, string>;
  json: unknown;
  status: number;
  /** When it arrived (ms since the epoch). */
  at: number;
}

export interface FakeSpreadsheet {
  id: string;
  title: string;
  /** The refresh token whose access token created it: whose Drive it is in. */
  ownerRefreshToken: string;
  /** Every row appended, in order, exactly as received. */
  rows: unknown[][];
  appends: number;
}

/**
 * A local stand-in for Google's OAuth server (/token, /revoke) and the Sheets API v4 (create, values.append), so
 * tests point GOOGLE_OAUTH_BASE_URL and GOOGLE_SHEETS_BASE_URL at it. Codes are accepted once; each refresh
 * makes a new access token tied to its refresh token. `failNext` scripts answers (401, 429 …) of coming Sheets
 * calls.
 */
export class FakeGoogle {
  readonly requests: FakeGoogleRequest[] = [];
  readonly spreadsheets = new Map<string, FakeSpreadsheet>();
  /** Codes the consent screen "issued": code → refresh token it exchanges for. */
  readonly codes = new Map<string, string>();
  readonly revoked = new Set<string>();
  /** Scripted answers for the next Sheets API calls (status, optional Retry-After seconds). */
  readonly failNext: { status: number; retryAfter?: number }[] = [];
  private readonly accessTokens = new Map<string, string>();
  private counter = 0;
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

  /** A code the consent screen would hand the browser; exchanging it gives a fresh refresh token. */
  issueCode(): string {
    const code = `code-${++this.counter}`;
    this.codes.set(code, `refresh-${this.counter}`);
    return code;
  }

  /** Makes every access token issued so far invalid (as if they expired). */
  expireAccessTokens(): void {
    this.accessTokens.clear();
  }

  requestsTo(path: string | RegExp): FakeGoogleRequest[] {
    return this.requests.filter((request) => (typeof path === 'string' ? request.path === path : path.test(request.path)));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Arrival, before the body is read: pacing is about when requests start, not how long their bodies take.
    const at = Date.now();
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://fake');
    const isForm = (request.headers['content-type'] ?? '').includes('x-www-form-urlencoded');
    const record: FakeGoogleRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      authorization: request.headers.authorization ?? null,
      form: isForm ? Object.fromEntries(new URLSearchParams(text)) : {},
      json: !isForm && text ? (JSON.parse(text) as unknown) : null,
      status: 0,
      at,
    };
    this.requests.push(record);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };

    if (url.pathname === '/token') return this.token(record.form, send);
    if (url.pathname === '/revoke') {
      this.revoked.add(record.form.token ?? '');
      return send(200, {});
    }
    if (!url.pathname.startsWith('/v4/spreadsheets')) return send(404, { error: 'not found' });

    const scripted = this.failNext.shift();
    if (scripted) return send(scripted.status, { error: { code: scripted.status } }, scripted.retryAfter ? { 'retry-after': String(scripted.retryAfter) } : {});
    const access = /^Bearer (.+)$/.exec(record.authorization ?? '')?.[1];
    const owner = access ? this.accessTokens.get(access) : undefined;
    if (!owner || this.revoked.has(owner)) return send(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });

    if (url.pathname === '/v4/spreadsheets' && record.method === 'POST') {
      const id = `sheet-${++this.counter}`;
      const body = record.json as { properties?: { title?: string } };
      this.spreadsheets.set(id, { id, title: body.properties?.title ?? '', ownerRefreshToken: owner, rows: [], appends: 0 });
      return send(200, { spreadsheetId: id, spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${id}/edit` });
    }
    const append = /^\/v4\/spreadsheets\/([^/]+)\/values\/([^/]+):append$/.exec(url.pathname);
    if (append && record.method === 'POST') {
      const sheet = this.spreadsheets.get(decodeURIComponent(append[1]!));
      if (!sheet || sheet.ownerRefreshToken !== owner) return send(404, { error: { code: 404 } });
      if (url.searchParams.get('valueInputOption') !== 'RAW') return send(400, { error: { message: 'expected RAW' } });
      const values = (record.json as { values: unknown[][] }).values;
      sheet.rows.push(...values);
      sheet.appends += 1;
      return send(200, { spreadsheetId: sheet.id, updates: { updatedRows: values.length } });
    }
    return send(404, { error: 'not found' });
  }

  private token(form: Record<string, string>, send: (status: number, body: unknown) => void): void {
    if (!form.client_id || !form.client_secret) return send(401, { error: 'invalid_client' });
    if (form.grant_type === 'authorization_code') {
      const refresh = this.codes.get(form.code ?? '');
      if (!refresh || !form.redirect_uri) return send(400, { error: 'invalid_grant' });
      this.codes.delete(form.code!);
      return send(200, { access_token: this.newAccessToken(refresh), refresh_token: refresh, scope: 'https://www.googleapis.com/auth/spreadsheets openid email profile', token_type: 'Bearer', expires_in: 3599 });
    }
    if (form.grant_type === 'refresh_token') {
      const refresh = form.refresh_token ?? '';
      if (!refresh.startsWith('refresh-') || this.revoked.has(refresh)) return send(400, { error: 'invalid_grant' });
      return send(200, { access_token: this.newAccessToken(refresh), token_type: 'Bearer', expires_in: 3599 });
    }
    return send(400, { error: 'unsupported_grant_type' });
  }

  private newAccessToken(refresh: string): string {
    const token = `access-${++this.counter}`;
    this.accessTokens.set(token, refresh);
    return token;
  }
}
