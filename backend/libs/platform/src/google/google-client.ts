import { googleAuthCallbackPath, googleSheetsMaxReauthorisations, googleSheetsScopes, type CellValue, type Environment } from '@serpwise/contracts';
import { setTimeout as sleep } from 'node:timers/promises';

/** Google answered something the export cannot go on from (a refused token, a refused request). */
export class GoogleApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }
}

export type GoogleConfig = Pick<Environment, 'PUBLIC_URL' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_AUTH_URL' | 'GOOGLE_OAUTH_BASE_URL' | 'GOOGLE_SHEETS_BASE_URL'> &
  Partial<Pick<Environment, 'GOOGLE_DRIVE_BASE_URL'>>;

export const googleConfigured = (environment: GoogleConfig): environment is GoogleConfig & { GOOGLE_CLIENT_ID: string; GOOGLE_CLIENT_SECRET: string } =>
  Boolean(environment.GOOGLE_CLIENT_ID && environment.GOOGLE_CLIENT_SECRET);

/** This site's callback page, from PUBLIC_URL: never from a request's Host header (docs/decisions.md, issue 16). */
export const googleRedirectUri = (environment: Pick<Environment, 'PUBLIC_URL'>, callbackPath: string = googleAuthCallbackPath) => `${environment.PUBLIC_URL}${callbackPath}`;

/** What a consent screen asks for, and where it sends the browser back. */
export interface GoogleConsent {
  scopes: readonly string[];
  callbackPath: string;
  /** Ask for the scopes the user granted before too (incremental authorisation). */
  includeGrantedScopes: boolean;
}

/** The Sheets export's consent (docs/product/account-exports-reports.md §9 scopes). */
const sheetsConsent: GoogleConsent = { scopes: googleSheetsScopes, callbackPath: googleAuthCallbackPath, includeGrantedScopes: true };

/** The consent screen without state: our callback as redirect_uri, offline access (a refresh token) and the scopes. */
export function googleAuthorizeUrl(environment: GoogleConfig, consent: GoogleConsent = sheetsConsent): string | null {
  if (!googleConfigured(environment)) return null;
  const url = new URL(environment.GOOGLE_AUTH_URL);
  url.searchParams.set('client_id', environment.GOOGLE_CLIENT_ID);
  url.searchParams.set('redirect_uri', googleRedirectUri(environment, consent.callbackPath));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', consent.scopes.join(' '));
  url.searchParams.set('access_type', 'offline');
  // consent: Google sends a refresh token again even when the user authorised before.
  url.searchParams.set('prompt', 'consent');
  if (consent.includeGrantedScopes) url.searchParams.set('include_granted_scopes', 'true');
  return url.toString();
}

const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/**
 * Google's OAuth endpoints over plain fetch (docs/decisions.md: why not googleapis): the code exchange, the
 * refresh of an access token, and the revocation.
 */
export class GoogleOAuth {
  constructor(
    private readonly environment: GoogleConfig,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async exchangeCode(code: string, redirectUri: string): Promise<{ refreshToken: string; accessToken: string; scope: string }> {
    const body = await this.tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    if (typeof body.refresh_token !== 'string') throw new GoogleApiError('Google sent no refresh token', 400);
    return { refreshToken: body.refresh_token, accessToken: String(body.access_token ?? ''), scope: String(body.scope ?? '') };
  }

  async refresh(refreshToken: string): Promise<string> {
    const body = await this.tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
    if (typeof body.access_token !== 'string') throw new GoogleApiError('Google sent no access token', 401);
    return body.access_token;
  }

  /** Revokes the token at Google; a token Google no longer knows (400) counts as revoked. */
  async revoke(token: string): Promise<void> {
    const response = await this.fetcher(joinUrl(this.environment.GOOGLE_OAUTH_BASE_URL, '/revoke'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
    if (!response.ok && response.status !== 400) throw new GoogleApiError(`Google refused the revocation (${response.status})`, response.status);
  }

  private async tokenRequest(fields: Record<string, string>): Promise<Record<string, unknown>> {
    if (!googleConfigured(this.environment)) throw new GoogleApiError('Google is not configured', 503);
    const response = await this.fetcher(joinUrl(this.environment.GOOGLE_OAUTH_BASE_URL, '/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, client_id: this.environment.GOOGLE_CLIENT_ID, client_secret: this.environment.GOOGLE_CLIENT_SECRET }).toString(),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) throw new GoogleApiError(`Google refused the token request (${response.status} ${String(body.error ?? '')})`, response.status);
    return body;
  }
}

/** A column's A1 letters: 1 → A, 26 → Z, 27 → AA. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

export interface SheetsClientOptions {
  /** Least time between two write requests (Google: 60 writes a minute per user per project). */
  writeIntervalMs?: number;
  /** Tries of one request answered 429 or 5xx, with exponential backoff (Retry-After when Google sends one). */
  maxRateLimitTries?: number;
  backoffBaseMs?: number;
  fetcher?: typeof fetch;
}

/**
 * The Sheets API (v4 REST) for one user: creates a spreadsheet and appends rows; and deletes a spreadsheet it made
 * through the Drive API (v3 files.delete). Access tokens come from the
 * user's refresh token; a 401 re-authorises (a new access token) and retries, at most 3 times (docs/product/account-exports-reports.md §4), then fails.
 * Writes are paced and a 429 (or 5xx) backs off exponentially, so an export stays inside Google's quotas.
 */
export class SheetsClient {
  private accessToken: string | null = null;
  private lastWrite = 0;
  private readonly fetcher: typeof fetch;

  constructor(
    private readonly environment: GoogleConfig,
    private readonly authorise: () => Promise<string>,
    private readonly options: SheetsClientOptions = {},
  ) {
    this.fetcher = options.fetcher ?? fetch;
  }

  async createSpreadsheet(title: string, sheetTitle = 'Export'): Promise<{ spreadsheetId: string; url: string; sheetTitle: string }> {
    const body = (await this.request('POST', '/v4/spreadsheets', { properties: { title }, sheets: [{ properties: { title: sheetTitle, gridProperties: { frozenRowCount: 1 } } }] })) as {
      spreadsheetId: string;
      spreadsheetUrl?: string;
    };
    return { spreadsheetId: body.spreadsheetId, url: body.spreadsheetUrl ?? `https://docs.google.com/spreadsheets/d/${body.spreadsheetId}/edit`, sheetTitle };
  }

  /** Appends rows under the sheet's last one. RAW: values are stored as sent, so no text is ever read as a formula. */
  async append(spreadsheetId: string, sheetTitle: string, rows: readonly (readonly CellValue[])[]): Promise<void> {
    const range = encodeURIComponent(`'${sheetTitle.replace(/'/g, "''")}'!A1`);
    await this.request('POST', `/v4/spreadsheets/${encodeURIComponent(spreadsheetId)}/values/${range}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`, {
      majorDimension: 'ROWS',
      values: rows.map((row) => row.map((cell) => (cell === null ? '' : cell))),
    });
  }

  /**
   * Empties the cells of the data rows from `fromRow` (1-based) on, in the first `columns` columns (values.clear):
   * what a killed export appended after its last commit, so the next append lands right after the committed rows.
   */
  async clearRowsFrom(spreadsheetId: string, sheetTitle: string, fromRow: number, columns: number): Promise<void> {
    const range = encodeURIComponent(`'${sheetTitle.replace(/'/g, "''")}'!A${fromRow}:${columnLetters(Math.max(columns, 1))}`);
    await this.request('POST', `/v4/spreadsheets/${encodeURIComponent(spreadsheetId)}/values/${range}:clear`, {});
  }

  /**
   * Deletes a spreadsheet this app made (Drive v3 files.delete: DELETE /drive/v3/files/{fileId}, empty body both
   * ways; needs the drive.file scope, which grants made before it was asked for lack: Google answers 403). One that
   * is gone already (404) counts as deleted.
   */
  async deleteSpreadsheet(spreadsheetId: string): Promise<void> {
    try {
      await this.request('DELETE', `/drive/v3/files/${encodeURIComponent(spreadsheetId)}`, undefined, this.environment.GOOGLE_DRIVE_BASE_URL ?? 'https://www.googleapis.com');
    } catch (error) {
      if (!(error instanceof GoogleApiError && error.status === 404)) throw error;
    }
  }

  private async request(method: string, path: string, body: unknown, base: string = this.environment.GOOGLE_SHEETS_BASE_URL): Promise<unknown> {
    const maxTries = this.options.maxRateLimitTries ?? 6;
    const backoffBase = this.options.backoffBaseMs ?? 1_000;
    let reauthorisations = 0;
    let rateLimited = 0;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    for (;;) {
      if (this.accessToken === null) this.accessToken = await this.authorise();
      // Paced just before sending, so the gaps Google sees are the configured ones.
      await this.pace();
      const response = await this.fetcher(joinUrl(base, path), {
        method,
        headers: { authorization: `Bearer ${this.accessToken}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        body: payload,
      });
      if (response.ok) {
        // files.delete answers with no body (204).
        const text = await response.text();
        return text ? (JSON.parse(text) as unknown) : {};
      }
      const text = await response.text().catch(() => '');
      if (response.status === 401) {
        // The access token expired or was revoked: ask for a new one, up to 3 times.
        this.accessToken = null;
        if (reauthorisations++ < googleSheetsMaxReauthorisations) continue;
        throw new GoogleApiError(`Google refused the authorization after ${googleSheetsMaxReauthorisations} retries`, 401);
      }
      if (response.status === 429 || response.status >= 500) {
        rateLimited += 1;
        if (rateLimited >= maxTries) throw new GoogleApiError(`Google kept answering ${response.status}`, response.status);
        const retryAfter = Number(response.headers.get('retry-after'));
        const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1_000 : backoffBase * 2 ** (rateLimited - 1) + Math.floor(Math.random() * backoffBase * 0.2);
        await sleep(Math.min(wait, 64_000));
        continue;
      }
      throw new GoogleApiError(`Google refused the request (${response.status}): ${text.slice(0, 200)}`, response.status);
    }
  }

  private async pace(): Promise<void> {
    const interval = this.options.writeIntervalMs ?? 1_100;
    const wait = this.lastWrite + interval - Date.now();
    if (wait > 0) await sleep(wait);
    this.lastWrite = Date.now();
  }
}
