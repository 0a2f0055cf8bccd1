import { providerRequest, stringField } from './provider-http.js';
import { cleanResults, fetchDate, serpDepth, SerpProviderError, type SerpPage, type SerpProvider, type SerpQuery } from './serp-provider.js';
import { territoryNames } from './territories.js';

export interface OpenSerpOptions {
  /** Where the self-hosted OpenSERP server listens, e.g. http://openserp:7000. */
  baseUrl: string;
  timeoutMs: number;
  now?: () => Date;
}

interface OpenSerpResult {
  rank?: number;
  url?: string;
  title?: string;
  ad?: boolean;
}

/**
 * A self-hosted OpenSERP (github.com/karust/openserp): GET /google/search?text=…&lang=…&limit=… answers a JSON
 * array of { rank, url, title, description, ad }; errors are { error, code, message } with the HTTP status
 * (429 when Google or its own limiter throttles it, 503 when its browser is blocked).
 */
export class OpenSerpProvider implements SerpProvider {
  readonly id = 'openserp' as const;
  readonly label = 'OpenSERP';

  constructor(private readonly options: OpenSerpOptions) {}

  async fetch(query: SerpQuery, signal?: AbortSignal): Promise<SerpPage> {
    const names = territoryNames(query.territory);
    const url = new URL(`${this.options.baseUrl.replace(/\/$/, '')}/google/search`);
    url.search = new URLSearchParams({ text: query.keyword, lang: names.language.toUpperCase(), limit: String(serpDepth) }).toString();
    const body = await providerRequest('openserp', url.toString(), { method: 'GET', timeoutMs: this.options.timeoutMs, signal }, (answer) =>
      stringField(answer, 'message') ?? stringField(answer, 'error'),
    );
    if (!Array.isArray(body)) throw new SerpProviderError('openserp', 'bad-response', 'OpenSERP answered something other than a list of results');
    // Answers (with answers=true) come as negative ranks and ads are flagged; neither is an organic position.
    const organic = (body as OpenSerpResult[])
      .filter((result) => !result.ad && typeof result.url === 'string' && typeof result.rank === 'number' && result.rank >= 0)
      .sort((a, b) => a.rank! - b.rank!)
      .map((result, index) => ({ position: index + 1, url: result.url!, title: result.title ?? null }));
    return { keyword: query.keyword, territory: query.territory, date: fetchDate(this.options.now?.() ?? new Date()), results: cleanResults(organic) };
  }
}
