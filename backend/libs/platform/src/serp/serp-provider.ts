/**
 * The SERP provider port: one Google results page (organic results only) for a keyword in a territory. Adapters
 * (DataForSEO, SerpApi, a self-hosted OpenSERP, the demo market) answer it; rank tracking and requested keywords
 * use it without knowing which one is configured.
 */
export const serpProviderIds = ['dataforseo', 'serpapi', 'openserp', 'demo'] as const;
export type SerpProviderId = (typeof serpProviderIds)[number];

export interface SerpQuery {
  /** Normalised keyword (lower case, single spaces). */
  keyword: string;
  /** Serpwise territory code: US, UK, CA, AU, IE, NZ. */
  territory: string;
}

export interface SerpOrganicResult {
  /** 1-based organic position (ads and SERP features are not counted). */
  position: number;
  url: string;
  title: string | null;
}

export interface SerpPage {
  keyword: string;
  territory: string;
  /** The day the page was fetched (YYYY-MM-DD); the warehouse lands it in that day's month. */
  date: string;
  results: SerpOrganicResult[];
}

export interface SerpProvider {
  readonly id: SerpProviderId;
  /** For people: shown as the data source's label ("DataForSEO fetch"). */
  readonly label: string;
  fetch(query: SerpQuery, signal?: AbortSignal): Promise<SerpPage>;
}

/** Why a fetch failed. `auth` and `bad-request` never get better by retrying; the others may. */
export type SerpErrorKind = 'auth' | 'payment' | 'rate-limit' | 'server' | 'network' | 'bad-request' | 'bad-response';

const retryableKinds: readonly SerpErrorKind[] = ['rate-limit', 'server', 'network'];

export class SerpProviderError extends Error {
  readonly retryable: boolean;

  constructor(
    readonly provider: SerpProviderId,
    readonly kind: SerpErrorKind,
    message: string,
    readonly details: { status?: number; retryAfterMs?: number; /** The provider's own status code (DataForSEO's 40501 …). */ code?: number } = {},
  ) {
    super(message);
    this.name = 'SerpProviderError';
    this.retryable = retryableKinds.includes(kind);
  }
}

/** How many organic results a fetch asks for: the warehouse keeps the top 20 of a keyword. */
export const serpDepth = 20;

/** Today's date as YYYY-MM-DD (UTC). */
export const fetchDate = (now: Date) => now.toISOString().slice(0, 10);

/** Keeps organic results 1..serpDepth with a usable http(s) URL, renumbered without gaps, in order. */
export function cleanResults(results: readonly SerpOrganicResult[]): SerpOrganicResult[] {
  const usable = results
    .filter((result) => /^https?:\/\//i.test(result.url) && Number.isFinite(result.position) && result.position >= 1)
    .sort((a, b) => a.position - b.position);
  return usable.slice(0, serpDepth).map((result, index) => ({ position: index + 1, url: result.url, title: result.title?.trim() || null }));
}
