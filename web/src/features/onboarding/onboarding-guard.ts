/**
 * Where a logged-in user flagged for onboarding must go instead of this page (docs/product/site.md §4, docs/product/account-exports-reports.md §4): '/onboarding' from
 * any page that is not a marketing or public page (docs/product/site.md §2 "Marketing and public"), the login and logout pages, or
 * onboarding itself; null when the page may be shown.
 */
export function onboardingRedirect(pathname: string, user: { isLoggedIn: boolean; shouldShowOnboarding: boolean }): string | null {
  if (!user.isLoggedIn || !user.shouldShowOnboarding) return null;
  return isOnboardingPath(pathname) || isMarketingPath(pathname) ? null : '/onboarding';
}

/** The marketing and public pages of docs/product/site.md §2, the auth pages (so a user can log out), lower case, without a trailing slash. */
export const marketingPaths: readonly string[] = [
  '/',
  '/althome',
  '/land/arc1-d',
  '/althome-d',
  '/company',
  '/serpwise-custom-gpt',
  '/buy/register',
  '/buy/payment',
  '/buy/account',
  '/mainpurchase',
  '/upgrade',
  '/freeaccount',
  '/memberperks',
  '/affiliates',
  '/jobs',
  '/mobilemonkey-offer',
  '/clickcease-offer',
  '/capital-one-spring-member-offer',
  '/content-assistant-offer',
  '/termsconditions',
  '/privacypolicy',
  '/vulnerability-disclosure-policy',
  '/add-users',
  '/homepage/overview',
  '/login',
];

/** Path prefixes that are public as a whole: the one-click upgrade /e/{clickType?} and the auth pages. */
const marketingPrefixes = ['/e/', '/auth/'];

const normalise = (pathname: string) => {
  const lower = pathname.toLowerCase().split(/[?#]/)[0]!;
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower || '/';
};

export function isMarketingPath(pathname: string): boolean {
  const path = normalise(pathname);
  if (marketingPaths.includes(path) || path === '/e') return true;
  if (marketingPrefixes.some((prefix) => path.startsWith(prefix))) return true;
  // {anything}-alternative: a competitor-comparison page, one path segment.
  return /^\/[^/]+-alternative$/.test(path);
}

export const isOnboardingPath = (pathname: string) => /^\/onboarding(\/[23])?$/.test(normalise(pathname));
