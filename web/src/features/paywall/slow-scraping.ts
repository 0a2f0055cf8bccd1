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

/** The query of the footer's site-wide figures, which every page reads: not research of the page's subject. */
const siteFiguresKey = ['research', 'footprint'];
/** Pages a visitor over the limit must still be able to use: logging in or signing up lifts it; the paywall is the target. */
const pagesNeverLeft = ['/login', '/auth/login', '/auth/forgotpassword', '/auth/resetpassword', '/freeaccount', '/buy/register', scraperPaywallPagePath];

/**
 * Whether a refused query sends the user to the slow-the-scraping page: a query of the page's research, not the
 * footer's site figures (refused too once the address is over its limit), and not while the user is on a page that
 * gets them out of it — found by hand: a visitor over the limit was sent from the login page to the paywall.
 */
export function sendsToSlowDown(queryKey: readonly unknown[], here: string): boolean {
  const pathname = here.split(/[?#]/)[0]!.toLowerCase();
  if (pagesNeverLeft.includes(pathname)) return false;
  return !(queryKey.length === siteFiguresKey.length && siteFiguresKey.every((part, index) => queryKey[index] === part));
}

/** The wait the slow-the-scraping page shows, from its ?slow= seconds; null when absent or not a number. */
export function slowDownSeconds(search: URLSearchParams): number | null {
  const seconds = Number(search.get('slow'));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

/** Why the page was opened: the bot check (`reason=bot`, requests faster than a person) or the plan's per-minute limit. */
export const slowDownReason = (search: URLSearchParams): 'bot' | 'limit' => (search.get('reason') === 'bot' ? 'bot' : 'limit');
