import type { SerpPage } from '@serpwise/platform';

/** A provider fetch as a warehouse data source: what a person reads, and the details kept with it. */
export interface ProviderFetchSource {
  label: string;
  details: Record<string, unknown>;
}

export interface LandedPages {
  /** First days of the months that received rows (rolled up). */
  months: string[];
}

/**
 * Where fetched SERP pages go: one data source per fetch (kind `provider`, installation-wide), the rows landed
 * idempotently in batches under it, the touched months rolled up. The worker's implementation is the warehouse
 * writer (warehouse-writer.landing.ts).
 */
export interface SerpLanding {
  /** Adds the data_source row of one fetch (a requested-keywords job, a rank refresh run); answers its id. */
  createSource(source: ProviderFetchSource): Promise<number>;
  land(sourceId: number, pages: readonly SerpPage[]): Promise<LandedPages>;
}

/** One warehouse row per organic result, plus a keyword-only row so a page without results still adds its keyword. */
export function warehouseRowsOf(pages: readonly SerpPage[]) {
  return pages.flatMap((page) => [
    { keyword: page.keyword, territory: page.territory, date: page.date },
    ...page.results.map((result) => ({ keyword: page.keyword, territory: page.territory, date: page.date, position: result.position, url: result.url, title: result.title })),
  ]);
}
