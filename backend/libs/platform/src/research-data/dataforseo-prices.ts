import type { LiveDataEstimate, LiveDataSubjectKind } from '@serpwise/contracts';
import type { FetchLimits } from './research-data-provider.js';

/**
 * DataForSEO's list prices in US dollars of prepaid credit (dataforseo.com/pricing, live mode), used only for the
 * estimate shown before a fetch; what a fetch really cost is the answers' `cost` fields, kept with its result.
 * - DataForSEO Labs (ranked keywords, competitors, historical rank overview): per task plus per item returned.
 * - Backlinks API (summary, backlinks): per request plus per row returned.
 * - Keywords Data, Google Ads search volume (live): per task of up to 1,000 keywords.
 * - SERP API, Google organic (live): per results page.
 */
export const dataForSeoPrices = {
  labsTask: 0.01,
  labsItem: 0.0001,
  backlinksRequest: 0.02,
  backlinksRow: 0.00003,
  searchVolumeTask: 0.075,
  /** SERP API, Google organic, live mode, first 100 results. */
  serpLiveTask: 0.002,
} as const;

/** Months of history the overview asks for (the warehouse's research pages show 24). */
export const overviewMonths = 24;

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** Lists longer than 1,000 items are asked for in pages, a task each. */
const tasksFor = (items: number) => Math.max(1, Math.ceil(items / 1000));

/** The most each request of a fetch can cost: a task's price plus every item it may return. */
export function dataForSeoEstimate(kind: LiveDataSubjectKind, limits: FetchLimits): LiveDataEstimate {
  const p = dataForSeoPrices;
  const requests: LiveDataEstimate['requests'] =
    kind === 'keyword'
      ? [
          { step: 'keyword-data', label: 'Keywords Data: Google Ads search volume, CPC and competition', units: p.searchVolumeTask },
          { step: 'keyword-results', label: 'SERP: the Google results page (top 20)', units: p.serpLiveTask },
        ]
      : [
          { step: 'overview', label: `Labs: historical rank overview (${overviewMonths} months)`, units: p.labsTask + overviewMonths * p.labsItem },
          { step: 'keywords', label: `Labs: ranked keywords (up to ${limits.keywords})`, units: tasksFor(limits.keywords) * p.labsTask + limits.keywords * p.labsItem },
          { step: 'competitors', label: `Labs: competitors (up to ${limits.competitors})`, units: p.labsTask + limits.competitors * p.labsItem },
          { step: 'ads', label: `Labs: paid keywords (up to ${limits.paidKeywords})`, units: p.labsTask + limits.paidKeywords * p.labsItem },
          { step: 'backlinks-summary', label: 'Backlinks: summary', units: p.backlinksRequest + p.backlinksRow },
          { step: 'backlinks', label: `Backlinks: backlinks (up to ${limits.backlinks})`, units: tasksFor(limits.backlinks) * p.backlinksRequest + limits.backlinks * p.backlinksRow },
        ];
  const rounded = requests.map((request) => ({ ...request, units: round(request.units) }));
  return { units: round(rounded.reduce((sum, request) => sum + request.units, 0)), unitName: 'USD of DataForSEO credit', requests: rounded };
}
