import { providerRequest, stringField } from './provider-http.js';
import { cleanResults, fetchDate, serpDepth, SerpProviderError, type SerpPage, type SerpProvider, type SerpQuery } from './serp-provider.js';
import { territoryNames } from './territories.js';

export interface SerpApiOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  now?: () => Date;
}

interface SerpApiAnswer {
  error?: string;
  search_metadata?: { status?: string };
  search_information?: { organic_results_state?: string };
  organic_results?: { position?: number; link?: string; title?: string }[];
}

/** SerpApi, Google engine: GET /search.json?engine=google&q=…; errors come as { error } with 401, 429, 5xx. */
export class SerpApiProvider implements SerpProvider {
  readonly id = 'serpapi' as const;
  readonly label = 'SerpApi';

  constructor(private readonly options: SerpApiOptions) {}

  async fetch(query: SerpQuery, signal?: AbortSignal): Promise<SerpPage> {
    const names = territoryNames(query.territory);
    const url = new URL(`${this.options.baseUrl.replace(/\/$/, '')}/search.json`);
    url.search = new URLSearchParams({
      engine: 'google',
      q: query.keyword,
      gl: names.googleCountry,
      hl: names.language,
      google_domain: names.googleDomain,
      num: String(serpDepth),
      api_key: this.options.apiKey,
    }).toString();
    const body = (await providerRequest('serpapi', url.toString(), { method: 'GET', timeoutMs: this.options.timeoutMs, signal }, (answer) =>
      stringField(answer, 'error'),
    )) as SerpApiAnswer;

    // A search Google answered with nothing is a success with an `error` text ("Google hasn't returned any results").
    const emptyResults = body.search_information?.organic_results_state === 'Fully empty';
    if (body.search_metadata?.status === 'Error' && !emptyResults) {
      throw new SerpProviderError('serpapi', 'server', `SerpApi: ${body.error ?? 'the search failed'}`);
    }
    const organic = (body.organic_results ?? [])
      .filter((result) => typeof result.link === 'string')
      .map((result) => ({ position: result.position ?? 0, url: result.link!, title: result.title ?? null }));
    return { keyword: query.keyword, territory: query.territory, date: fetchDate(this.options.now?.() ?? new Date()), results: cleanResults(organic) };
  }
}
