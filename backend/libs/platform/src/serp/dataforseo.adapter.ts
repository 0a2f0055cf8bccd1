import { providerRequest, stringField } from './provider-http.js';
import { cleanResults, fetchDate, serpDepth, SerpProviderError, type SerpPage, type SerpProvider, type SerpQuery } from './serp-provider.js';
import { territoryNames } from './territories.js';

export interface DataForSeoOptions {
  /** API login and password (HTTP Basic), from app.dataforseo.com/api-access. */
  login: string;
  password: string;
  baseUrl: string;
  timeoutMs: number;
  now?: () => Date;
}

interface DataForSeoItem {
  type?: string;
  rank_group?: number;
  rank_absolute?: number;
  url?: string;
  title?: string;
}

interface DataForSeoTask {
  status_code?: number;
  status_message?: string;
  result?: { items?: DataForSeoItem[] | null }[] | null;
}

interface DataForSeoAnswer {
  status_code?: number;
  status_message?: string;
  tasks?: DataForSeoTask[];
}

/**
 * DataForSEO's internal status codes (docs.dataforseo.com/v3/appendix/errors): the API answers HTTP 200 for
 * most failures and puts the reason in `status_code` of the answer and of each task.
 */
function errorOfStatusCode(code: number, message: string): SerpProviderError | null {
  if (code === 20000) return null;
  if (code === 40100) return new SerpProviderError('dataforseo', 'auth', `DataForSEO: ${message}`);
  if (code === 40200 || code === 40210) return new SerpProviderError('dataforseo', 'payment', `DataForSEO: ${message}`);
  if (code === 40202) return new SerpProviderError('dataforseo', 'rate-limit', `DataForSEO: ${message}`);
  if (code >= 50000 || code === 40101) return new SerpProviderError('dataforseo', 'server', `DataForSEO: ${message}`);
  return new SerpProviderError('dataforseo', 'bad-request', `DataForSEO: ${message}`);
}

/** DataForSEO SERP API, Google organic, live mode, advanced results: POST /v3/serp/google/organic/live/advanced. */
export class DataForSeoProvider implements SerpProvider {
  readonly id = 'dataforseo' as const;
  readonly label = 'DataForSEO';

  constructor(private readonly options: DataForSeoOptions) {}

  async fetch(query: SerpQuery, signal?: AbortSignal): Promise<SerpPage> {
    const names = territoryNames(query.territory);
    const authorization = `Basic ${Buffer.from(`${this.options.login}:${this.options.password}`).toString('base64')}`;
    const body = (await providerRequest(
      'dataforseo',
      `${this.options.baseUrl.replace(/\/$/, '')}/v3/serp/google/organic/live/advanced`,
      {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify([{ keyword: query.keyword, location_code: names.dataForSeoLocationCode, language_code: names.language, device: 'desktop', depth: serpDepth }]),
        timeoutMs: this.options.timeoutMs,
        signal,
      },
      (answer) => stringField(answer, 'status_message'),
    )) as DataForSeoAnswer;

    const topLevel = errorOfStatusCode(body.status_code ?? 0, body.status_message ?? 'no status');
    if (topLevel) throw topLevel;
    const task = body.tasks?.[0];
    if (!task) throw new SerpProviderError('dataforseo', 'bad-response', 'DataForSEO answered without a task');
    const taskError = errorOfStatusCode(task.status_code ?? 0, task.status_message ?? 'no status');
    if (taskError) throw taskError;

    const items = task.result?.[0]?.items ?? [];
    const organic = items
      .filter((item) => item.type === 'organic' && typeof item.url === 'string')
      .map((item) => ({ position: item.rank_group ?? item.rank_absolute ?? 0, url: item.url!, title: item.title ?? null }));
    return { keyword: query.keyword, territory: query.territory, date: fetchDate(this.options.now?.() ?? new Date()), results: cleanResults(organic) };
  }
}
