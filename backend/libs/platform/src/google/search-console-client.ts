import { searchConsoleCallbackPath, searchConsoleScope, type Environment } from '@serpwise/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { GoogleApiError, googleAuthorizeUrl, googleRedirectUri, type GoogleConfig } from './google-client.js';

export type SearchConsoleConfig = GoogleConfig & Pick<Environment, 'GOOGLE_SEARCH_CONSOLE_BASE_URL'>;

/** Search Console's consent: webmasters.readonly alone, back to its own callback page. */
const searchConsoleConsent = { scopes: [searchConsoleScope], callbackPath: searchConsoleCallbackPath, includeGrantedScopes: false };

/** Our Search Console callback page, from PUBLIC_URL (never a request's Host header). */
export const searchConsoleRedirectUri = (environment: Pick<Environment, 'PUBLIC_URL'>) => googleRedirectUri(environment, searchConsoleCallbackPath);

/** The consent screen for Search Console, without state (the page adds it). */
export const searchConsoleAuthorizeUrl = (environment: GoogleConfig): string | null => googleAuthorizeUrl(environment, searchConsoleConsent);

/** Google kept refusing for quota (429, "quota exceeded", rate limits) after every backoff of one request. */
export class SearchConsoleQuotaError extends GoogleApiError {
  constructor(status: number) {
    super(`Google's Search Console quota is used up (${status}); the sync goes on later from where it stopped.`, status);
    this.name = 'SearchConsoleQuotaError';
  }
}

/** One row of searchAnalytics.query: its keys in the order of the dimensions asked for. */
export interface SearchAnalyticsRow {
  keys: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

export interface SearchAnalyticsRequest {
  startDate: string;
  endDate: string;
  dimensions: readonly ('query' | 'page' | 'date' | 'country' | 'device')[];
  rowLimit: number;
}

export interface SearchConsoleClientOptions {
  fetcher?: typeof fetch;
  /** First wait after a quota answer, doubled each time; Retry-After wins. */
  backoffMs?: number;
  /**
   * Tries of one request answered with a quota refusal or a 5xx before SearchConsoleQuotaError: 8 by default, so
   * with the 5-second start and the 5-minute ceiling one request waits about 10 minutes in all — most of Google's
   * short-term load window (10 minutes; Google says to wait 15), after which the job's next attempt waits again.
   */
  maxTries?: number;
  /** Told of each wait (the job says it in its progress message). */
  onBackoff?: (waitMs: number, status: number) => void | Promise<void>;
}

const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/** A refusal for quota: 429, or 403 whose reason or message names a quota or rate limit (Google's older form). */
const isQuotaRefusal = (status: number, text: string) => status === 429 || (status === 403 && /quota|rateLimitExceeded|userRateLimitExceeded/i.test(text));

/**
 * The Search Console API (webmasters v3 REST, plain fetch as the Sheets client) for one user: the sites they can
 * read and searchAnalytics.query, paged by rowLimit/startRow. A 401 refreshes the access token (at most 3 times);
 * a quota refusal or a 5xx backs off exponentially (Retry-After honoured, 5 minutes at most) and tries again.
 */
export class SearchConsoleClient {
  private accessToken: string | null = null;
  private readonly fetcher: typeof fetch;

  constructor(
    private readonly environment: SearchConsoleConfig,
    private readonly authorise: () => Promise<string>,
    private readonly options: SearchConsoleClientOptions = {},
  ) {
    this.fetcher = options.fetcher ?? fetch;
  }

  /** GET /webmasters/v3/sites: { siteEntry: [{ siteUrl, permissionLevel }] } (no siteEntry when there are none). */
  async sites(): Promise<{ siteUrl: string; permissionLevel: string }[]> {
    const body = (await this.request('GET', '/webmasters/v3/sites')) as { siteEntry?: { siteUrl?: unknown; permissionLevel?: unknown }[] };
    return (body.siteEntry ?? [])
      .filter((entry) => typeof entry.siteUrl === 'string')
      .map((entry) => ({ siteUrl: entry.siteUrl as string, permissionLevel: String(entry.permissionLevel ?? '') }));
  }

  /**
   * Every row of a searchAnalytics.query, a page at a time: startRow goes up by rowLimit until a page comes back
   * shorter than rowLimit (or without rows), as the API documents its paging.
   */
  async *query(siteUrl: string, request: SearchAnalyticsRequest): AsyncGenerator<SearchAnalyticsRow[]> {
    for (let startRow = 0; ; startRow += request.rowLimit) {
      const body = (await this.request('POST', this.queryPath(siteUrl), this.queryBody(request, startRow))) as { rows?: SearchAnalyticsRow[] };
      const rows = body.rows ?? [];
      if (rows.length) yield rows;
      if (rows.length < request.rowLimit) return;
    }
  }

  /**
   * The same pages as `query`, each handed to `readPage` as the answer's bytes (a backfill's millions of rows are
   * read without the objects JSON.parse would make); `readPage` answers how many rows the page held, which drives the
   * paging. The bytes are read into a buffer that the next page (and the next call) reuses: `readPage` must not keep
   * them. Answers the rows read in all.
   */
  async queryAnswers(siteUrl: string, request: SearchAnalyticsRequest, readPage: (answer: Uint8Array) => number): Promise<number> {
    // The client's buffer, unless another call is reading into it (then one of this call's own).
    const body = this.idleBody ?? new ReusedBody();
    this.idleBody = null;
    try {
      let total = 0;
      for (let startRow = 0; ; startRow += request.rowLimit) {
        const answer = await this.request('POST', this.queryPath(siteUrl), this.queryBody(request, startRow), (response) => body.read(response));
        const rows = readPage(answer);
        total += rows;
        if (rows < request.rowLimit) return total;
      }
    } finally {
      this.idleBody = body;
    }
  }

  /** Where answers' bytes are read (queryAnswers): one buffer, grown to the largest answer, not one per page. */
  private idleBody: ReusedBody | null = new ReusedBody();

  private queryPath(siteUrl: string): string {
    return `/webmasters/v3/sites/${encodeURIComponent(siteUrl)}/searchAnalytics/query`;
  }

  private queryBody(request: SearchAnalyticsRequest, startRow: number) {
    return {
      startDate: request.startDate,
      endDate: request.endDate,
      dimensions: request.dimensions,
      rowLimit: request.rowLimit,
      startRow,
      // Final data only: a day is kept once, so it must not change after.
      dataState: 'final',
    };
  }

  /** One call, retried as Google asks; `read` reads a successful answer (its JSON, unless said otherwise). */
  private async request<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, read: (response: Response) => Promise<T> = (response) => response.json() as Promise<T>): Promise<T> {
    const maxTries = this.options.maxTries ?? 8;
    const backoffMs = this.options.backoffMs ?? 5_000;
    let reauthorisations = 0;
    let refused = 0;
    for (;;) {
      this.accessToken ??= await this.authorise();
      const response = await this.fetcher(joinUrl(this.environment.GOOGLE_SEARCH_CONSOLE_BASE_URL, path), {
        method,
        headers: { authorization: `Bearer ${this.accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.ok) return read(response);
      const text = await response.text().catch(() => '');
      if (response.status === 401) {
        this.accessToken = null;
        if (reauthorisations++ < 3) continue;
        throw new GoogleApiError('Google refused the Search Console authorization', 401);
      }
      if (isQuotaRefusal(response.status, text) || response.status >= 500) {
        refused += 1;
        if (refused >= maxTries) throw response.status >= 500 ? new GoogleApiError(`Google kept answering ${response.status}`, response.status) : new SearchConsoleQuotaError(response.status);
        const retryAfter = Number(response.headers.get('retry-after'));
        const wait = Math.min(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1_000 : backoffMs * 2 ** (refused - 1), 300_000);
        await this.options.onBackoff?.(wait, response.status);
        await sleep(wait);
        continue;
      }
      throw new GoogleApiError(`Google refused the Search Console request (${response.status}): ${text.slice(0, 200)}`, response.status);
    }
  }
}

/**
 * An answer's body read into one buffer kept between answers. Each answer read as a fresh ArrayBuffer (Response's
 * arrayBuffer()) is memory outside the heap, and a backfill's hundreds of megabytes of it made V8 run a full
 * collection every few megabytes.
 */
class ReusedBody {
  private buffer = Buffer.allocUnsafe(1 << 20);

  /** The body's bytes, valid until the next read. */
  async read(response: Response): Promise<Uint8Array> {
    let length = 0;
    if (response.body) {
      for await (const chunk of response.body) {
        if (length + chunk.length > this.buffer.length) {
          const larger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, length + chunk.length));
          this.buffer.copy(larger, 0, 0, length);
          this.buffer = larger;
        }
        this.buffer.set(chunk, length);
        length += chunk.length;
      }
    }
    return this.buffer.subarray(0, length);
  }
}
