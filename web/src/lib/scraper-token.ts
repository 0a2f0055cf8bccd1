import { isResearchCallPath, isSearchApiPath, scraperDateHeader, scraperSeedCookieName, scraperTokenHeader, scraperTokenOf } from '@serpwise/contracts';

/**
 * The scraper token of the research calls (docs/product/site.md §7): while scraper tokens are enabled the server sets
 * the seed cookie with the active state, and every search-API or research call carries the hash of that cookie and
 * the request date. An answer with info: 2 refetches the tracking state (which renews the cookie) and repeats the call.
 */

/** Server clock minus ours, learnt from an info: 2 answer's Date header, so a wrong clock cannot lock a user out. */
let clockOffsetMs = 0;

/** What refetches the tracking state; the app registers the active-state query (so the page sees the new state too). */
let refetchTracking: () => Promise<unknown> = () => fetch('/endpoints/accountapi/getactivestate', { credentials: 'same-origin', headers: { accept: 'application/json' } });

export function onTrackingRefetch(refetch: () => Promise<unknown>): void {
  refetchTracking = refetch;
}

export const carriesScraperToken = (path: string): boolean => isSearchApiPath(path) || isResearchCallPath(path);

function seedCookie(): string | null {
  if (typeof document === 'undefined') return null;
  const entry = document.cookie.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${scraperSeedCookieName}=`));
  return entry ? decodeURIComponent(entry.slice(scraperSeedCookieName.length + 1)) : null;
}

/** The token headers for a call, or none (not a research call, or no seed: tokens are off or not issued yet). */
export function scraperTokenHeaders(path: string): Record<string, string> {
  if (!carriesScraperToken(path)) return {};
  const seed = seedCookie();
  if (!seed) return {};
  const date = new Date(Date.now() + clockOffsetMs).toISOString();
  return { [scraperDateHeader]: date, [scraperTokenHeader]: scraperTokenOf(seed, date) };
}

/** After an info: 2 answer: take the server's clock from its Date header, then refetch the tracking state. */
export async function renewScraperToken(serverDate: string | null): Promise<void> {
  const server = serverDate ? Date.parse(serverDate) : NaN;
  // Date has whole seconds: only a real difference moves the offset.
  if (Number.isFinite(server) && Math.abs(server - (Date.now() + clockOffsetMs)) > 2000) clockOffsetMs = server - Date.now();
  await refetchTracking();
}
