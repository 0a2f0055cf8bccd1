import { scraperPaywallPagePath } from '@serpwise/contracts';
import { ApiRequestError } from '@/lib/api-client';

/**
 * The 'slow the scraping' path (docs/product/site.md §4): a research call over the per-minute limit answers 429 with the
 * path to send the visitor or free user to (the scraper paywall page, told how long to wait). Null for any other
 * failure, or a path that is not that page (the answer only ever chooses among our own pages).
 */
export function slowScrapingTarget(error: unknown, returnUrl: string): string | null {
  if (!(error instanceof ApiRequestError) || error.status !== 429) return null;
  const path = error.data?.slowScrapingPath;
  if (typeof path !== 'string') return null;
  const url = new URL(path, 'http://serpwise.invalid');
  if (url.origin !== 'http://serpwise.invalid' || url.pathname !== scraperPaywallPagePath) return null;
  url.searchParams.set('returnUrl', returnUrl);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The wait the slow-the-scraping page shows, from its ?slow= seconds; null when absent or not a number. */
export function slowDownSeconds(search: URLSearchParams): number | null {
  const seconds = Number(search.get('slow'));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

/** Why the page was opened: the bot check (`reason=bot`, requests faster than a person) or the plan's per-minute limit. */
export const slowDownReason = (search: URLSearchParams): 'bot' | 'limit' => (search.get('reason') === 'bot' ? 'bot' : 'limit');
