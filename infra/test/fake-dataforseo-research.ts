import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export interface FakeResearchRequest {
  path: string;
  task: Record<string, unknown> | null;
  at: number;
}

/** A scripted failure of the next call to a path: DataForSEO's in-body status code, or an HTTP status. */
export interface ResearchFailure {
  /** Answer HTTP 200 with this status_code on the task (40501 invalid field, 40202 rate limit …). */
  statusCode?: number;
  statusMessage?: string;
  /** Answer with this HTTP status (402 payment required, 500 …) and DataForSEO's envelope. */
  httpStatus?: number;
}

/** The market the fake knows for a domain: how many of each thing it answers. */
export interface FakeDomain {
  keywords: number;
  paidKeywords: number;
  competitors: number;
  backlinks: number;
}

const defaultDomain: FakeDomain = { keywords: 30, paidKeywords: 6, competitors: 4, backlinks: 12 };

const labsPath = '/v3/dataforseo_labs/google';
export const researchPaths = {
  history: `${labsPath}/historical_rank_overview/live`,
  ranked: `${labsPath}/ranked_keywords/live`,
  competitors: `${labsPath}/competitors_domain/live`,
  summary: '/v3/backlinks/summary/live',
  backlinks: '/v3/backlinks/backlinks/live',
  searchVolume: '/v3/keywords_data/google_ads/search_volume/live',
  serp: '/v3/serp/google/organic/live/advanced',
} as const;

/**
 * A local stand-in for DataForSEO's research endpoints (Labs, Backlinks, Keywords Data; docs.dataforseo.com/v3),
 * answering in their documented shapes: HTTP Basic; an envelope { version, status_code, status_message, time, cost,
 * tasks_count, tasks_error, tasks[] } whose tasks carry their own status_code, cost and result[]; HTTP 401 with
 * 40100 for a wrong login, 402 with 40200 when out of credit; in-body codes otherwise (40501 invalid field, 40202
 * rate limit). Costs follow the list prices: Labs $0.01 a task + $0.0001 an item, Backlinks $0.02 a request +
 * $0.00003 a row, Google Ads search volume $0.075 a task. Its market is invented and deterministic per domain.
 */
export class FakeDataForSeoResearch {
  readonly requests: FakeResearchRequest[] = [];
  readonly failNext = new Map<string, ResearchFailure[]>();
  readonly domains = new Map<string, FakeDomain>();
  login = { login: 'fake-login', password: 'fake-password' };
  /** Milliseconds each answer waits (so a page can be seen filling in). */
  delayMs = 0;
  baseUrl = '';
  private server: Server | null = null;
  private readonly held = new Map<string, Promise<void>>();
  private readonly now: Date;

  constructor(now = new Date()) {
    this.now = now;
  }

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

  /** Holds the next answer to `path` until the returned release is called (a page seen half filled in). */
  hold(path: string): () => void {
    let release = () => {};
    this.held.set(path, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      this.held.delete(path);
      release();
    };
  }

  fail(path: string, ...failures: ResearchFailure[]): void {
    this.failNext.set(path, [...(this.failNext.get(path) ?? []), ...failures]);
  }

  requestsTo(path: string): FakeResearchRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  private domain(target: string): FakeDomain {
    return this.domains.get(target) ?? defaultDomain;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    let task: Record<string, unknown> | null = null;
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      task = Array.isArray(body) && body[0] && typeof body[0] === 'object' ? (body[0] as Record<string, unknown>) : null;
    } catch {
      task = null;
    }
    this.requests.push({ path, task, at: Date.now() });
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    await this.held.get(path);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const envelope = (statusCode: number, message: string, tasks: unknown[], cost = 0) => ({
      version: '0.1.20261101', status_code: statusCode, status_message: message, time: '0.2 sec.', cost,
      tasks_count: tasks.length, tasks_error: tasks.filter((entry) => (entry as { status_code: number }).status_code !== 20000).length, tasks,
    });
    const taskOf = (statusCode: number, message: string, result: unknown[] | null, cost: number) => ({
      id: `11271200-1535-0139-0000-${String(this.requests.length).padStart(12, '0')}`, status_code: statusCode, status_message: message,
      time: '0.1 sec.', cost, result_count: result?.length ?? 0, path: path.split('/').filter(Boolean), data: { ...(task ?? {}) }, result,
    });
    const expected = `Basic ${Buffer.from(`${this.login.login}:${this.login.password}`).toString('base64')}`;
    if (request.method !== 'POST') return send(405, envelope(40501, 'Method Not Allowed.', []));
    if (request.headers.authorization !== expected) {
      return send(401, envelope(40100, 'You are not authorized to access this resource. See your login details here: https://app.dataforseo.com/api-access', []));
    }
    const failure = this.failNext.get(path)?.shift();
    if (failure?.httpStatus === 402) return send(402, envelope(40200, 'Payment Required. We had a problem billing your account. Please, check your account\u2019s balance.', []));
    if (failure?.httpStatus) return send(failure.httpStatus, envelope(50000, 'Internal Server Error.', []));
    if (failure?.statusCode) {
      const message = failure.statusMessage ?? (failure.statusCode === 40202 ? 'Rate limit per minute exceeded.' : failure.statusCode === 40501 ? 'Invalid Field: \'target\'.' : 'Error.');
      return send(200, envelope(20000, 'Ok.', [taskOf(failure.statusCode, message, null, 0)]));
    }
    const answer = this.answer(path, task);
    if (!answer) return send(404, envelope(40400, 'Not Found.', []));
    send(200, envelope(20000, 'Ok.', [taskOf(20000, 'Ok.', answer.result, answer.cost)], answer.cost));
  }

  private answer(path: string, task: Record<string, unknown> | null): { result: unknown[]; cost: number } | null {
    const target = String(task?.target ?? '');
    const location = { se_type: 'google', location_code: task?.location_code ?? 2840, language_code: task?.language_code ?? 'en' };
    const labs = (items: unknown[], extra: Record<string, unknown> = {}) => ({
      result: [{ ...location, target, total_count: items.length, items_count: items.length, ...extra, items }],
      cost: round(0.01 + items.length * 0.0001),
    });
    switch (path) {
      case researchPaths.history:
        return labs(this.history(target));
      case researchPaths.ranked: {
        const paid = Array.isArray(task?.item_types) && task.item_types.includes('paid');
        const [limit, offset] = [Number(task?.limit ?? 100), Number(task?.offset ?? 0)];
        const all = paid ? this.paidItems(target) : this.rankedItems(target);
        return labs(all.slice(offset, offset + limit), { total_count: all.length });
      }
      case researchPaths.competitors: {
        const limit = Number(task?.limit ?? 100);
        return labs(this.competitorItems(target).slice(0, limit));
      }
      case researchPaths.summary: {
        const market = this.domain(target);
        return {
          result: [{ target, first_seen: '2019-03-02 10:11:12 +00:00', lost_date: null, rank: 312, backlinks: market.backlinks * 40,
            backlinks_spam_score: 3, crawled_pages: 900, referring_domains: market.backlinks * 4, referring_main_domains: market.backlinks * 4,
            referring_pages: market.backlinks * 30, referring_ips: 80, broken_backlinks: 2 }],
          cost: round(0.02 + 0.00003),
        };
      }
      case researchPaths.backlinks: {
        const [limit, offset] = [Number(task?.limit ?? 100), Number(task?.offset ?? 0)];
        const all = this.backlinkItems(target);
        const items = all.slice(offset, offset + limit);
        return { result: [{ target, mode: task?.mode ?? 'as_is', total_count: all.length, items_count: items.length, items }], cost: round(0.02 + items.length * 0.00003) };
      }
      case researchPaths.searchVolume: {
        const keywords = Array.isArray(task?.keywords) ? (task.keywords as string[]) : [];
        return {
          result: keywords.map((keyword, index) => ({
            keyword, spell: null, ...location, search_partners: false, competition: 'MEDIUM', competition_index: 45 + index,
            search_volume: 8100, low_top_of_page_bid: 0.9, high_top_of_page_bid: 3.1, cpc: 2.35,
            monthly_searches: this.months(12).map((month, offset) => ({ year: month.year, month: month.month, search_volume: 6600 + offset * 100 })),
          })),
          cost: 0.075,
        };
      }
      case researchPaths.serp: {
        const keyword = String(task?.keyword ?? '');
        const slug = keyword.replace(/[^a-z0-9]+/g, '-');
        const items = Array.from({ length: 10 }, (_, index) => ({
          type: 'organic', rank_group: index + 1, rank_absolute: index + 2, domain: `result${index + 1}.example`,
          title: `${keyword} — result ${index + 1}`, url: `https://result${index + 1}.example/${slug}`, description: 'A description.',
        }));
        return {
          result: [{ keyword, type: 'organic', se_domain: 'google.com', ...location, check_url: `https://www.google.com/search?q=${slug}`,
            datetime: '2026-11-27 10:00:00 +00:00', item_types: ['paid', 'organic'], se_results_count: 1_000_000, items_count: items.length + 1,
            items: [{ type: 'paid', rank_group: 1, rank_absolute: 1, domain: 'ads.example', title: 'An ad', url: 'https://ads.example/landing' }, ...items] }],
          cost: 0.002,
        };
      }
      default:
        return null;
    }
  }

  /** The last `count` months, oldest first, the current one last. */
  private months(count: number): { year: number; month: number }[] {
    return Array.from({ length: count }, (_, index) => {
      const date = new Date(Date.UTC(this.now.getUTCFullYear(), this.now.getUTCMonth() - (count - 1 - index), 1));
      return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
    });
  }

  private keywordData(keyword: string, volume: number) {
    return {
      se_type: 'google', keyword, location_code: 2840, language_code: 'en',
      keyword_info: {
        se_type: 'google', last_updated_time: '2026-11-20 08:00:00 +00:00', competition: 0.42, competition_level: 'MEDIUM', cpc: 1.75,
        search_volume: volume, low_top_of_page_bid: 0.6, high_top_of_page_bid: 2.4, categories: [10021],
        monthly_searches: this.months(12).reverse().map((month) => ({ ...month, search_volume: volume })),
      },
      keyword_properties: { se_type: 'google', core_keyword: null, keyword_difficulty: 37, detected_language: 'en', is_another_language: false },
    };
  }

  private rankedItems(target: string) {
    return Array.from({ length: this.domain(target).keywords }, (_, index) => {
      const keyword = `${target.split('.')[0]} topic ${index + 1}`;
      const position = (index % 20) + 1;
      return {
        se_type: 'google',
        keyword_data: this.keywordData(keyword, 5000 - index * 10),
        ranked_serp_element: {
          se_type: 'google',
          serp_item: { se_type: 'google', type: 'organic', rank_group: position, rank_absolute: position + 1, position: 'left', domain: target,
            title: `${keyword} | ${target}`, url: `https://${target}/guides/${index + 1}`, breadcrumb: `https://${target} › guides`, is_image: false,
            etv: 120.5, estimated_paid_traffic_cost: 210.9 },
          check_url: `https://www.google.com/search?q=${encodeURIComponent(keyword)}`, serp_item_types: ['organic', 'paid', 'people_also_ask'],
          se_results_count: 1_200_000, keywords_count: null, last_updated_time: '2026-11-20 08:00:00 +00:00', previous_updated_time: '2026-10-20 08:00:00 +00:00',
        },
      };
    });
  }

  private paidItems(target: string) {
    return Array.from({ length: this.domain(target).paidKeywords }, (_, index) => {
      const keyword = `buy ${target.split('.')[0]} product ${index + 1}`;
      return {
        se_type: 'google',
        keyword_data: this.keywordData(keyword, 2400 - index * 100),
        ranked_serp_element: {
          se_type: 'google',
          serp_item: { se_type: 'google', type: 'paid', rank_group: (index % 3) + 1, rank_absolute: (index % 3) + 1, position: 'left', domain: target,
            title: `${target} product ${index + 1} — official store`, description: `Order product ${index + 1} today. Free delivery.`,
            url: `https://${target}/shop/${index + 1}`, breadcrumb: `${target}/shop`, etv: 40.1, estimated_paid_traffic_cost: 70.2 },
          se_results_count: 800_000, last_updated_time: '2026-11-20 08:00:00 +00:00',
        },
      };
    });
  }

  private metrics(count: number) {
    return {
      organic: { pos_1: Math.round(count * 0.05), pos_2_3: Math.round(count * 0.1), pos_4_10: Math.round(count * 0.25), pos_11_20: Math.round(count * 0.3),
        pos_21_30: 0, pos_31_40: 0, pos_41_50: 0, pos_51_60: 0, pos_61_70: 0, pos_71_80: 0, pos_81_90: 0, pos_91_100: 0,
        etv: count * 12.5, impressions_etv: count * 80, count, estimated_paid_traffic_cost: count * 20.25, is_new: 3, is_up: 5, is_down: 2, is_lost: 1 },
      paid: { pos_1: 2, pos_2_3: 3, pos_4_10: 1, etv: 310.4, impressions_etv: 900, count: 6, estimated_paid_traffic_cost: 540.75, is_new: 0, is_up: 0, is_down: 0, is_lost: 0 },
    };
  }

  private history(target: string) {
    const market = this.domain(target);
    return this.months(24).map((month, index) => ({ se_type: 'google', year: month.year, month: month.month, metrics: this.metrics(market.keywords * 10 + index * 5) }));
  }

  private competitorItems(target: string) {
    const base = target.split('.')[0];
    const self = { se_type: 'google', domain: target, avg_position: 9.1, sum_position: 900, intersections: this.domain(target).keywords * 10, full_domain_metrics: this.metrics(300), metrics: this.metrics(300), competitor_metrics: this.metrics(300) };
    return [self, ...Array.from({ length: this.domain(target).competitors }, (_, index) => ({
      se_type: 'google', domain: `${base}-rival${index + 1}.example`, avg_position: 12.4, sum_position: 1200, intersections: 80 - index * 10,
      full_domain_metrics: this.metrics(400 - index * 50), metrics: this.metrics(80), competitor_metrics: this.metrics(80),
    }))];
  }

  private backlinkItems(target: string) {
    return Array.from({ length: this.domain(target).backlinks }, (_, index) => ({
      type: 'backlink', domain_from: `blog${index + 1}.linker.example`, url_from: `https://blog${index + 1}.linker.example/posts/${index + 1}`,
      url_from_https: true, domain_to: target, url_to: index % 2 ? `https://${target}/guides/${index}` : `https://${target}/`, url_to_https: true,
      tld_from: 'example', is_new: false, is_lost: index % 5 === 4, backlink_spam_score: 2, rank: 120, page_from_rank: 90, domain_from_rank: 200,
      page_from_title: `Linker post ${index + 1}`, first_seen: `2025-0${(index % 9) + 1}-15 10:00:00 +00:00`, prev_seen: '2026-11-01 00:00:00 +00:00',
      last_seen: '2026-11-20 00:00:00 +00:00', lost_date: index % 5 === 4 ? '2026-10-02 00:00:00 +00:00' : null, item_type: 'anchor', attributes: index % 4 === 3 ? ['nofollow'] : null,
      dofollow: index % 4 !== 3, original: false, anchor: index % 3 ? `${target} guide ${index + 1}` : target, text_pre: 'see', text_post: 'for more', links_count: 1,
    }));
  }
}

const round = (value: number) => Math.round(value * 100_000) / 100_000;
