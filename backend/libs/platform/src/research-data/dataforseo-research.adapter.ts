import type { LiveDataSubjectKind } from '@serpwise/contracts';
import { providerRequest, stringField } from '../serp/provider-http.js';
import { DataForSeoProvider } from '../serp/dataforseo.adapter.js';
import { SerpProviderError, type SerpErrorKind, type SerpPage } from '../serp/serp-provider.js';
import { territoryNames } from '../serp/territories.js';
import { dataForSeoEstimate, dataForSeoPrices, overviewMonths } from './dataforseo-prices.js';
import type {
  Backlink,
  BacklinkSummary,
  Competitor,
  DomainFigures,
  FetchLimits,
  KeywordNumbers,
  MonthFigures,
  PaidKeyword,
  ProviderAnswer,
  RankedKeyword,
  ResearchDataProvider,
  ResearchTarget,
} from './research-data-provider.js';

export interface DataForSeoResearchOptions {
  login: string;
  password: string;
  baseUrl: string;
  timeoutMs: number;
  now?: () => Date;
}

/* The parts of DataForSEO's answers this adapter reads (docs.dataforseo.com/v3: every answer is an envelope with
   status_code, status_message, cost and tasks[]; each task has its own status_code, cost and result[]). */
interface Envelope<Result> {
  status_code?: number;
  status_message?: string;
  cost?: number;
  tasks?: { status_code?: number; status_message?: string; cost?: number; result?: Result[] | null }[] | null;
}
interface MonthlySearch { year?: number; month?: number; search_volume?: number | null }
interface KeywordInfo { search_volume?: number | null; cpc?: number | null; competition?: number | null; monthly_searches?: MonthlySearch[] | null }
interface LabsKeywordData { keyword?: string; keyword_info?: KeywordInfo | null; keyword_properties?: { keyword_difficulty?: number | null } | null }
interface LabsSerpItem { type?: string; rank_group?: number; url?: string | null; title?: string | null; description?: string | null; breadcrumb?: string | null; domain?: string | null }
interface RankedItem { keyword_data?: LabsKeywordData | null; ranked_serp_element?: { serp_item?: LabsSerpItem | null } | null }
interface Metrics { pos_1?: number; pos_2_3?: number; pos_4_10?: number; count?: number; etv?: number; estimated_paid_traffic_cost?: number }
interface MetricsByType { organic?: Metrics | null; paid?: Metrics | null }
interface HistoryItem { year?: number; month?: number; metrics?: MetricsByType | null }
interface CompetitorItem { domain?: string; intersections?: number; full_domain_metrics?: MetricsByType | null }
interface BacklinkItem { url_from?: string; url_to?: string; page_from_title?: string | null; anchor?: string | null; dofollow?: boolean; first_seen?: string | null; lost_date?: string | null; is_lost?: boolean }
interface SummaryResult { backlinks?: number | null; referring_domains?: number | null; referring_pages?: number | null; rank?: number | null }
interface SearchVolumeResult { keyword?: string; search_volume?: number | null; cpc?: number | null; competition_index?: number | null; monthly_searches?: MonthlySearch[] | null }

/**
 * DataForSEO's internal status codes (docs.dataforseo.com/v3/appendix/errors): most failures come as HTTP 200 with
 * the reason in the answer's and the task's `status_code`. The kind decides retrying (rate limits and server errors
 * are retried with backoff, the rest fail at once); the code stays on the error for the user's message.
 */
export function dataForSeoError(code: number, message: string): SerpProviderError | null {
  if (code === 20000) return null;
  const kind: SerpErrorKind =
    code === 40100 || code === 40204 ? 'auth'
      : code === 40200 || code === 40210 ? 'payment'
        : code === 40202 || code === 40209 ? 'rate-limit'
          : code >= 50000 ? 'server'
            : 'bad-request';
  return new SerpProviderError('dataforseo', kind, `DataForSEO ${code}: ${message}`, { code });
}

/** The most items DataForSEO answers in one task of the list endpoints. */
const pageSize = 1000;

const known = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const day = (value: string | null | undefined) => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);
const monthOf = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;

/** Monthly searches as the warehouse's history: oldest first, one entry per month the provider gave. */
function historyOf(monthly: readonly MonthlySearch[] | null | undefined): KeywordNumbers['volumeHistory'] {
  return (monthly ?? [])
    .filter((entry) => entry.year && entry.month)
    .map((entry) => ({ month: monthOf(entry.year!, entry.month!), volume: known(entry.search_volume) }))
    .sort((a, b) => a.month.localeCompare(b.month));
}

function numbersOf(data: LabsKeywordData): KeywordNumbers {
  const info = data.keyword_info ?? {};
  return {
    keyword: data.keyword ?? '',
    volume: known(info.search_volume),
    volumeHistory: historyOf(info.monthly_searches),
    cpc: known(info.cpc),
    competition: known(info.competition),
    difficulty: known(data.keyword_properties?.keyword_difficulty),
  };
}

/** A Labs metrics block as a domain's month: top 3 = pos_1 + pos_2_3, top 10 adds pos_4_10; etv = estimated clicks. */
function figuresOf(metrics: MetricsByType | null | undefined): DomainFigures {
  const organic = metrics?.organic ?? null;
  const paid = metrics?.paid ?? null;
  const top3 = organic && organic.pos_1 !== undefined && organic.pos_2_3 !== undefined ? organic.pos_1 + organic.pos_2_3 : null;
  return {
    organicKeywords: known(organic?.count),
    top3,
    top10: top3 !== null && organic?.pos_4_10 !== undefined ? top3 + organic.pos_4_10 : null,
    organicClicks: known(organic?.etv) === null ? null : Math.round(organic!.etv!),
    organicValue: known(organic?.estimated_paid_traffic_cost),
    paidKeywords: known(paid?.count),
    paidClicks: known(paid?.etv) === null ? null : Math.round(paid!.etv!),
    paidBudget: known(paid?.estimated_paid_traffic_cost),
  };
}

/**
 * DataForSEO as the research data provider: DataForSEO Labs (historical rank overview, ranked keywords organic and
 * paid, competitors), the Backlinks API (summary, backlinks) and Keywords Data (Google Ads search volume), all live
 * mode, HTTP Basic, one task per call.
 */
export class DataForSeoResearchProvider implements ResearchDataProvider {
  readonly id = 'dataforseo' as const;
  readonly name = 'DataForSEO';

  /** The results page is the SERP adapter's call (same login and base URL). */
  private readonly serp: DataForSeoProvider;

  constructor(private readonly options: DataForSeoResearchOptions) {
    this.serp = new DataForSeoProvider(options);
  }

  estimate(kind: LiveDataSubjectKind, limits: FetchLimits) {
    return dataForSeoEstimate(kind, limits);
  }

  async overviewHistory(query: ResearchTarget): Promise<ProviderAnswer<MonthFigures[]>> {
    const now = this.options.now?.() ?? new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (overviewMonths - 1), 1)).toISOString().slice(0, 10);
    const { result, cost } = await this.call<{ items?: HistoryItem[] | null }>('/v3/dataforseo_labs/google/historical_rank_overview/live', {
      target: query.target,
      ...this.place(query.territory),
      date_from: from,
    });
    const months = (result?.items ?? [])
      .filter((item) => item.year && item.month)
      .map((item) => ({ month: monthOf(item.year!, item.month!), ...figuresOf(item.metrics) }))
      .sort((a, b) => a.month.localeCompare(b.month));
    return { data: months, cost };
  }

  async rankedKeywords(query: ResearchTarget, limit: number): Promise<ProviderAnswer<RankedKeyword[]>> {
    return this.paged<RankedItem, RankedKeyword>(limit, (size, offset) => this.call<{ items?: RankedItem[] | null }>('/v3/dataforseo_labs/google/ranked_keywords/live', {
      target: query.target,
      ...this.place(query.territory),
      item_types: ['organic'],
      limit: size,
      offset,
      order_by: ['keyword_data.keyword_info.search_volume,desc'],
    }), (item) => {
      const serp = item.ranked_serp_element?.serp_item;
      if (!item.keyword_data?.keyword || !serp?.url || !serp.rank_group) return [];
      return [{ ...numbersOf(item.keyword_data), position: serp.rank_group, url: serp.url, title: serp.title ?? null }];
    });
  }

  /**
   * A list of up to `limit` items in pages of `pageSize` (`limit` and `offset` of the task; DataForSEO answers at most
   * 1,000 items a task): pages are asked one after another until the limit, or a page shorter than asked.
   */
  private async paged<Item, Row>(
    limit: number,
    page: (size: number, offset: number) => Promise<{ result: { items?: Item[] | null } | null; cost: number }>,
    rowsOf: (item: Item) => Row[],
  ): Promise<ProviderAnswer<Row[]>> {
    const rows: Row[] = [];
    let cost = 0;
    for (let offset = 0; offset < limit; offset += pageSize) {
      const size = Math.min(pageSize, limit - offset);
      const answer = await page(size, offset);
      cost += answer.cost;
      const items = answer.result?.items ?? [];
      for (const item of items) rows.push(...rowsOf(item));
      if (items.length < size) break;
    }
    return { data: rows, cost };
  }

  async paidKeywords(query: ResearchTarget, limit: number): Promise<ProviderAnswer<PaidKeyword[]>> {
    const { result, cost } = await this.call<{ items?: RankedItem[] | null }>('/v3/dataforseo_labs/google/ranked_keywords/live', {
      target: query.target,
      ...this.place(query.territory),
      item_types: ['paid'],
      limit,
    });
    const rows = (result?.items ?? []).flatMap((item): PaidKeyword[] => {
      const serp = item.ranked_serp_element?.serp_item;
      if (!item.keyword_data?.keyword || !serp?.url || !serp.rank_group) return [];
      return [{
        ...numbersOf(item.keyword_data),
        position: serp.rank_group,
        url: serp.url,
        headline: serp.title?.trim() || serp.domain || query.target,
        body: serp.description?.trim() ?? '',
        displayUrl: serp.breadcrumb?.trim() || serp.domain || query.target,
      }];
    });
    return { data: rows, cost };
  }

  async competitors(query: ResearchTarget, limit: number): Promise<ProviderAnswer<Competitor[]>> {
    // The first item is the target itself (it shares every keyword with itself): asked for one more, and left out.
    const { result, cost } = await this.call<{ items?: CompetitorItem[] | null }>('/v3/dataforseo_labs/google/competitors_domain/live', {
      target: query.target,
      ...this.place(query.territory),
      limit: limit + 1,
    });
    const rows = (result?.items ?? [])
      .filter((item) => item.domain && item.domain !== query.target && typeof item.intersections === 'number')
      .slice(0, limit)
      .map((item) => ({ domain: item.domain!, commonKeywords: item.intersections!, figures: item.full_domain_metrics ? figuresOf(item.full_domain_metrics) : null }));
    return { data: rows, cost };
  }

  async backlinksSummary(query: ResearchTarget): Promise<ProviderAnswer<BacklinkSummary | null>> {
    const { result, cost } = await this.call<SummaryResult>('/v3/backlinks/summary/live', { target: query.target, internal_list_limit: 1 });
    const summary = result
      ? { backlinks: known(result.backlinks), referringDomains: known(result.referring_domains), referringPages: known(result.referring_pages), rank: known(result.rank) }
      : null;
    return { data: summary, cost };
  }

  async backlinks(query: ResearchTarget, limit: number): Promise<ProviderAnswer<Backlink[]>> {
    return this.paged<BacklinkItem, Backlink>(limit, (size, offset) => this.call<{ items?: BacklinkItem[] | null }>('/v3/backlinks/backlinks/live', {
      target: query.target,
      mode: 'as_is',
      backlinks_status_type: 'all',
      limit: size,
      offset,
    }), (item) => {
      const firstSeen = day(item.first_seen);
      if (!item.url_from || !item.url_to || !firstSeen) return [];
      return [{
        urlFrom: item.url_from,
        urlTo: item.url_to,
        titleFrom: item.page_from_title?.trim() || null,
        anchor: item.anchor?.trim() ?? '',
        nofollow: item.dofollow === false,
        firstSeen,
        lostOn: item.is_lost ? (day(item.lost_date) ?? firstSeen) : null,
      }];
    });
  }

  async keywordNumbers(keywords: readonly string[], territory: string): Promise<ProviderAnswer<KeywordNumbers[]>> {
    const answer = await this.request<SearchVolumeResult>('/v3/keywords_data/google_ads/search_volume/live', { keywords, ...this.place(territory) });
    // This endpoint's result is one entry per keyword; competition_index is Google Ads' 0–100.
    const rows = answer.results.map((entry) => ({
      keyword: entry.keyword ?? '',
      volume: known(entry.search_volume),
      volumeHistory: historyOf(entry.monthly_searches),
      cpc: known(entry.cpc),
      competition: known(entry.competition_index) === null ? null : entry.competition_index! / 100,
      difficulty: null,
    }));
    return { data: rows.filter((row) => row.keyword), cost: answer.cost };
  }

  async resultsPage(keyword: string, territory: string): Promise<ProviderAnswer<SerpPage>> {
    // The SERP adapter reads the page, not the envelope's cost: its list price stands for it.
    return { data: await this.serp.fetch({ keyword, territory }), cost: dataForSeoPrices.serpLiveTask };
  }

  private place(territory: string) {
    const names = territoryNames(territory);
    return { location_code: names.dataForSeoLocationCode, language_code: names.language };
  }

  /** One task whose result is a single object (Labs, Backlinks). */
  private async call<Result>(path: string, task: Record<string, unknown>): Promise<{ result: Result | null; cost: number }> {
    const answer = await this.request<Result>(path, task);
    return { result: answer.results[0] ?? null, cost: answer.cost };
  }

  /** POSTs one task and checks the answer's and the task's status codes; answers the task's result list and cost. */
  private async request<Result>(path: string, task: Record<string, unknown>): Promise<{ results: Result[]; cost: number }> {
    const authorization = `Basic ${Buffer.from(`${this.options.login}:${this.options.password}`).toString('base64')}`;
    // A non-2xx answer (401, 402, 5xx) becomes a SerpProviderError of its kind in providerRequest.
    const body = (await providerRequest('dataforseo', `${this.options.baseUrl.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify([task]),
      timeoutMs: this.options.timeoutMs,
    }, (answer) => stringField(answer, 'status_message'))) as Envelope<Result>;
    const topLevel = dataForSeoError(body.status_code ?? 0, body.status_message ?? 'no status');
    if (topLevel) throw topLevel;
    const first = body.tasks?.[0];
    if (!first) throw new SerpProviderError('dataforseo', 'bad-response', 'DataForSEO answered without a task');
    const taskError = dataForSeoError(first.status_code ?? 0, first.status_message ?? 'no status');
    if (taskError) throw taskError;
    return { results: first.result ?? [], cost: typeof body.cost === 'number' ? body.cost : (first.cost ?? 0) };
  }
}
