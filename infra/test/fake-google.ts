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
  /** values.clear calls it received. */
  clears: number;
}

const isEmptyRow = (row: unknown[]) => row.every((cell) => cell === '' || cell === null || cell === undefined);
const widest = (rows: unknown[][]) => rows.reduce((most, row) => Math.max(most, row.length), 1);
const sheetTitleOf = (range: string) => decodeURIComponent(range).split('!')[0]!;
function columnLetter(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}
const columnNumber = (letters: string) => [...letters].reduce((number, letter) => number * 26 + letter.charCodeAt(0) - 64, 0);
/** One searchAnalytics.query row, as the API answers it. */
export interface FakeSearchAnalyticsRow {
  keys: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

/** The request body of a searchAnalytics.query, as received. */
export interface FakeSearchAnalyticsRequest {
  startDate: string;
  endDate: string;
  dimensions: string[];
  rowLimit?: number;
  startRow?: number;
  dataState?: string;
}

/**
 * A local stand-in for Google's OAuth server (/token, /revoke), the Sheets API v4 (create, values.append,
 * values.clear) and the Drive API v3's files.delete (DELETE /drive/v3/files/{fileId}: empty body both ways, 204;
 * 403 "insufficient authentication scopes" for a grant without a Drive scope; 404 for a file it does not know), so
 * tests point GOOGLE_OAUTH_BASE_URL, GOOGLE_SHEETS_BASE_URL and GOOGLE_DRIVE_BASE_URL at it. Codes are accepted once; each refresh
 * makes a new access token tied to its refresh token. `failNext` scripts answers (401, 429 …) of coming Sheets
 * calls.
 */
export class FakeGoogle {
  readonly requests: FakeGoogleRequest[] = [];
  readonly spreadsheets = new Map<string, FakeSpreadsheet>();
  /** Spreadsheets deleted through files.delete (no longer in `spreadsheets`). */
  readonly deletedSpreadsheets = new Map<string, FakeSpreadsheet>();
  /** Codes the consent screen "issued": code → refresh token it exchanges for. */
  readonly codes = new Map<string, string>();
  readonly revoked = new Set<string>();
  /** The scopes each code grants (the consent screen's `scope`; the Sheets export's by default). */
  private readonly codeScopes = new Map<string, string>();
  private readonly refreshScopes = new Map<string, string>();
  /** Scripted answers for the next Sheets API calls (status, optional Retry-After seconds). */
  readonly failNext: { status: number; retryAfter?: number }[] = [];
  /**
   * Awaited after an append's rows are stored and before it is answered: a test holds the answer here (the rows are
   * in the spreadsheet, the caller does not know it yet), e.g. to kill the caller in between.
   */
  beforeAppendAnswer: ((sheet: FakeSpreadsheet) => Promise<void>) | null = null;
  /** Search Console (webmasters v3): the properties sites.list answers for every user. */
  searchConsoleSites: { siteUrl: string; permissionLevel: string }[] = [];
  /** Every row of a searchAnalytics.query for a property; the fake pages them by rowLimit/startRow as Google does. */
  searchAnalytics: (siteUrl: string, request: FakeSearchAnalyticsRequest) => FakeSearchAnalyticsRow[] = () => [];
  /** Scripted answers for coming searchAnalytics.query calls, by their number (1 = the first call; each try counts). */
  readonly searchAnalyticsFailures = new Map<number, { status: number; retryAfter?: number; body?: unknown }>();
  /** Milliseconds each searchAnalytics.query answer waits (a test that kills the worker mid-sync needs it to take a while). */
  searchAnalyticsDelayMs = 0;
  private searchAnalyticsCalls = 0;
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
  issueCode(scope = 'https://www.googleapis.com/auth/spreadsheets https://www.googleapis.com/auth/drive.file openid email profile'): string {
    const code = `code-${++this.counter}`;
    this.codes.set(code, `refresh-${this.counter}`);
    this.codeScopes.set(code, scope);
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
    // The consent screen, agreed to at once: back to the redirect URI with a fresh code and the state.
    if (url.pathname === '/o/oauth2/v2/auth' && record.method === 'GET') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', this.issueCode(url.searchParams.get('scope') ?? undefined));
      if (url.searchParams.has('state')) back.searchParams.set('state', url.searchParams.get('state')!);
      record.status = 302;
      response.writeHead(302, { location: back.toString() });
      response.end();
      return;
    }
    if (url.pathname.startsWith('/webmasters/v3/')) return this.searchConsole(url, record, send);
    if (url.pathname === '/revoke') {
      this.revoked.add(record.form.token ?? '');
      return send(200, {});
    }
    const driveFile = /^\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname);
    if (driveFile && record.method === 'DELETE') return this.deleteFile(decodeURIComponent(driveFile[1]!), record, response);
    if (!url.pathname.startsWith('/v4/spreadsheets')) return send(404, { error: 'not found' });

    const scripted = this.failNext.shift();
    if (scripted) return send(scripted.status, { error: { code: scripted.status } }, scripted.retryAfter ? { 'retry-after': String(scripted.retryAfter) } : {});
    const access = /^Bearer (.+)$/.exec(record.authorization ?? '')?.[1];
    const owner = access ? this.accessTokens.get(access) : undefined;
    if (!owner || this.revoked.has(owner)) return send(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });

    if (url.pathname === '/v4/spreadsheets' && record.method === 'POST') {
      const id = `sheet-${++this.counter}`;
      const body = record.json as { properties?: { title?: string } };
      this.spreadsheets.set(id, { id, title: body.properties?.title ?? '', ownerRefreshToken: owner, rows: [], appends: 0, clears: 0 });
      return send(200, { spreadsheetId: id, spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${id}/edit` });
    }
    const append = /^\/v4\/spreadsheets\/([^/]+)\/values\/([^/]+):append$/.exec(url.pathname);
    if (append && record.method === 'POST') {
      const sheet = this.spreadsheets.get(decodeURIComponent(append[1]!));
      if (!sheet || sheet.ownerRefreshToken !== owner) return send(404, { error: { code: 404 } });
      if (url.searchParams.get('valueInputOption') !== 'RAW') return send(400, { error: { message: 'expected RAW' } });
      const values = (record.json as { values: unknown[][] }).values;
      // As Sheets does: the values go to the next row after the table's last row that holds a value.
      while (sheet.rows.length && isEmptyRow(sheet.rows[sheet.rows.length - 1]!)) sheet.rows.pop();
      const first = sheet.rows.length + 1;
      const tableRange = sheet.rows.length ? `${sheetTitleOf(append[2]!)}!A1:${columnLetter(widest(sheet.rows))}${sheet.rows.length}` : undefined;
      sheet.rows.push(...values);
      sheet.appends += 1;
      const columns = widest(values);
      await this.beforeAppendAnswer?.(sheet);
      const updates = { spreadsheetId: sheet.id, updatedRange: `${sheetTitleOf(append[2]!)}!A${first}:${columnLetter(columns)}${first + values.length - 1}`, updatedRows: values.length, updatedColumns: columns, updatedCells: values.reduce((cells, row) => cells + row.length, 0) };
      return send(200, { spreadsheetId: sheet.id, ...(tableRange ? { tableRange } : {}), updates });
    }
    // values.clear: POST …/values/{range}:clear with an empty body; answers the range it cleared.
    const clear = /^\/v4\/spreadsheets\/([^/]+)\/values\/([^/]+):clear$/.exec(url.pathname);
    if (clear && record.method === 'POST') {
      const sheet = this.spreadsheets.get(decodeURIComponent(clear[1]!));
      if (!sheet || sheet.ownerRefreshToken !== owner) return send(404, { error: { code: 404 } });
      const range = /^(.+)!([A-Z]+)(\d+):([A-Z]+)(\d*)$/.exec(decodeURIComponent(clear[2]!));
      if (!range || range[2] !== 'A') return send(400, { error: { code: 400, message: 'Unable to parse range' } });
      const from = Number(range[3]);
      const to = range[5] ? Number(range[5]) : Number.MAX_SAFE_INTEGER;
      const lastColumn = columnNumber(range[4]!);
      for (let row = from; row <= Math.min(to, sheet.rows.length); row += 1) sheet.rows[row - 1] = sheet.rows[row - 1]!.map((cell, index) => (index < lastColumn ? '' : cell));
      sheet.clears += 1;
      return send(200, { spreadsheetId: sheet.id, clearedRange: `${range[1]}!A${from}:${range[4]}${range[5] || ''}` });
    }
    return send(404, { error: 'not found' });
  }

  /** Drive files.delete of a spreadsheet: only its owner's grant, and only with a Drive scope (drive.file covers the files the app made). */
  private deleteFile(id: string, record: FakeGoogleRequest, response: ServerResponse): void {
    const answer = (status: number, body?: unknown) => {
      record.status = status;
      if (body === undefined) {
        response.writeHead(status);
        response.end();
      } else {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      }
    };
    const access = /^Bearer (.+)$/.exec(record.authorization ?? '')?.[1];
    const owner = access ? this.accessTokens.get(access) : undefined;
    if (!owner || this.revoked.has(owner)) return answer(401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
    const scopes = (this.refreshScopes.get(owner) ?? '').split(' ');
    if (!scopes.some((scope) => ['https://www.googleapis.com/auth/drive', 'https://www.googleapis.com/auth/drive.file'].includes(scope))) {
      return answer(403, { error: { code: 403, message: 'Request had insufficient authentication scopes.', status: 'PERMISSION_DENIED' } });
    }
    const sheet = this.spreadsheets.get(id);
    if (!sheet || sheet.ownerRefreshToken !== owner) return answer(404, { error: { code: 404, message: `File not found: ${id}.`, status: 'NOT_FOUND' } });
    this.spreadsheets.delete(id);
    this.deletedSpreadsheets.set(id, sheet);
    return answer(204);
  }

  /** sites.list and searchAnalytics.query, for a valid access token; query answers a page of the property's rows. */
  private async searchConsole(url: URL, record: FakeGoogleRequest, send: (status: number, body: unknown, headers?: Record<string, string>) => void): Promise<void> {
    const access = /^Bearer (.+)$/.exec(record.authorization ?? '')?.[1];
    const owner = access ? this.accessTokens.get(access) : undefined;
    if (!owner || this.revoked.has(owner)) return send(401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
    if (!(this.refreshScopes.get(owner) ?? '').split(' ').includes('https://www.googleapis.com/auth/webmasters.readonly')) {
      return send(403, { error: { code: 403, message: 'Request had insufficient authentication scopes.', status: 'PERMISSION_DENIED' } });
    }
    if (url.pathname === '/webmasters/v3/sites' && record.method === 'GET') {
      return send(200, this.searchConsoleSites.length ? { siteEntry: this.searchConsoleSites } : {});
    }
    const query = /^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/.exec(url.pathname);
    if (!query || record.method !== 'POST') return send(404, { error: { code: 404, message: 'Not Found' } });
    const call = ++this.searchAnalyticsCalls;
    if (this.searchAnalyticsDelayMs) await new Promise((resolve) => setTimeout(resolve, this.searchAnalyticsDelayMs));
    const failure = this.searchAnalyticsFailures.get(call);
    if (failure) {
      const body = failure.body ?? { error: { code: failure.status, message: 'Quota exceeded for quota metric \'Queries\' and limit \'Queries per minute per user\'.', status: 'RESOURCE_EXHAUSTED' } };
      return send(failure.status, body, failure.retryAfter ? { 'retry-after': String(failure.retryAfter) } : {});
    }
    const siteUrl = decodeURIComponent(query[1]!);
    if (!this.searchConsoleSites.some((site) => site.siteUrl === siteUrl)) {
      return send(403, { error: { code: 403, message: `User does not have sufficient permission for site '${siteUrl}'.`, status: 'PERMISSION_DENIED' } });
    }
    const body = record.json as FakeSearchAnalyticsRequest;
    const rowLimit = Math.min(body.rowLimit ?? 1000, 25_000);
    const startRow = body.startRow ?? 0;
    const rows = this.searchAnalytics(siteUrl, body).slice(startRow, startRow + rowLimit);
    // Google leaves rows out when there are none.
    return send(200, rows.length ? { rows, responseAggregationType: 'byPage' } : { responseAggregationType: 'byPage' });
  }

  /** searchAnalytics.query calls answered so far (each try of a refused one too). */
  get searchAnalyticsCallCount(): number {
    return this.searchAnalyticsCalls;
  }

  private token(form: Record<string, string>, send: (status: number, body: unknown) => void): void {
    if (!form.client_id || !form.client_secret) return send(401, { error: 'invalid_client' });
    if (form.grant_type === 'authorization_code') {
      const refresh = this.codes.get(form.code ?? '');
      if (!refresh || !form.redirect_uri) return send(400, { error: 'invalid_grant' });
      this.codes.delete(form.code!);
      const scope = this.codeScopes.get(form.code!);
      this.refreshScopes.set(refresh, scope ?? '');
      return send(200, { access_token: this.newAccessToken(refresh), refresh_token: refresh, scope, token_type: 'Bearer', expires_in: 3599 });
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
