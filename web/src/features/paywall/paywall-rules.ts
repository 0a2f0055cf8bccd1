import type { TrackingState, UserState, Viewer } from '@serpwise/contracts';

/**
 * Who sees which paywall (docs/product/site.md §4 and §6, docs/product/account-exports-reports.md §2). The server withholds the data itself (withholdPage);
 * these rules only choose what the page says about it.
 */

/** Visitor (logged out), free (logged in, not paying) or full — the same three viewers the research API uses. */
export function viewerOf(user: Pick<UserState, 'isLoggedIn' | 'isFullUser'> | null | undefined): Viewer {
  if (!user?.isLoggedIn) return 'visitor';
  return user.isFullUser ? 'full' : 'free';
}

type PaywallSettings = Pick<TrackingState, 'disablePaywall' | 'enableScraperFreewall'>;

/**
 * The paywall (the 'Get Unlimited Access' panel) shows only to logged-out visitors, unless the paywall is disabled;
 * the scraper freewall setting turns it back on for them even then.
 */
export function shouldShowPaywall(user: Pick<UserState, 'isLoggedIn' | 'isFullUser'> | null | undefined, settings: PaywallSettings | null | undefined): boolean {
  if (viewerOf(user) !== 'visitor') return false;
  if (!settings) return true;
  return !settings.disablePaywall || settings.enableScraperFreewall;
}

/** The sections of the scraper paywall page, addressed by hash. */
export const scraperPaywallSections = ['benefits', 'signup', 'login'] as const;
export type ScraperPaywallSection = (typeof scraperPaywallSections)[number];
export const scraperPaywallPath = '/paywall';

/**
 * The scraper paywall: when the scraper freewall setting is on, a non-full user is sent off a research page to the
 * paywall page (its benefits first). Null when the page may show.
 */
export function scraperPaywallRedirect(user: Pick<UserState, 'isLoggedIn' | 'isFullUser'> | null | undefined, settings: PaywallSettings | null | undefined): string | null {
  if (!settings?.enableScraperFreewall) return null;
  if (viewerOf(user) === 'full') return null;
  return `${scraperPaywallPath}#benefits`;
}

/** The four teaser variants of docs/product/account-exports-reports.md §2: the current table design and the older compact one, for visitors and free users. */
export type TeaserVariant = 'visitor' | 'free-user' | 'old-table-visitor' | 'old-table-free-user';

export function teaserVariant(viewer: Viewer, oldTable = false): TeaserVariant | null {
  if (viewer === 'full') return null;
  if (viewer === 'visitor') return oldTable ? 'old-table-visitor' : 'visitor';
  return oldTable ? 'old-table-free-user' : 'free-user';
}

/** Visitors go to the main purchase page, free users to the upgrade page. */
export const teaserLink = (variant: TeaserVariant): string => (variant.endsWith('visitor') ? '/mainpurchase' : '/upgrade');

/** The teaser shows under a table when the viewer is not full and the table holds rows they cannot see. */
export const showsTeaser = (viewer: Viewer, totalRows: number, allowance: number): boolean => viewer !== 'full' && totalRows > allowance;
