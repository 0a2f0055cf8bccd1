/**
 * The web app's page routes (docs/product/site.md §2, routes.txt), shared by the client and the server that serves the
 * app shell: the server answers the documented redirects itself (301 where the spec says permanent) and a real
 * 404 status for a path that is no page, while every known page gets the shell with 200.
 *
 * Routing is case-insensitive and ignores a trailing slash (docs/product/site.md §2 "Tab paths are matched case-insensitively
 * ignoring a trailing slash").
 */

/** The research tabs (docs/product/site.md §2 "Research"), as path segments. */
export const seoTabs = ['overview', 'competitors', 'kombat', 'keywords', 'ranking-history', 'top-pages', 'backlinks'] as const;
export const ppcTabs = ['overview', 'competitors', 'kombat', 'keywords', 'ad-history', 'adwords-advisor', 'adwords-templates'] as const;
export const keywordTabs = [
  'overview',
  'related-keywords',
  'ad-history',
  'ranking-history',
  'serp-analysis',
  'backlinks',
  'bulk-upload',
  'adwords-advisor',
] as const;

/** The API documentation pages (docs/product/site.md §2 "API docs"). */
export const apiV1Pages = ['overview', 'ad-history', 'core', 'keyword', 'leads', 'url', 'weekly-tracking', 'kombat', 'project-manager'] as const;

/** Partner offer pages (docs/product/site.md §2): the coupon of the Capital One spring offer is 'spring'. */
export const partnerOfferPaths = ['/mobilemonkey-offer', '/clickcease-offer', '/capital-one-spring-member-offer'] as const;

/** Where the search navigation sends a malformed query (400) and any other failed lookup (docs/product/site.md §4, §8). */
export const typoPagePath = '/typo';
export const serverErrorPagePath = '/server-error';

/**
 * The 'slow the scraping' path (docs/product/site.md §4): where the web sends a visitor or free user whose research calls
 * passed the per-minute limit (429) — the scraper paywall page, told how long to wait — and any client the bot check
 * suspects (`reason=bot`: research requests faster than a person makes them).
 */
export const scraperPaywallPagePath = '/paywall';
export type SlowScrapingReason = 'limit' | 'bot';
export const slowScrapingHref = (retryAfterSeconds: number, reason: SlowScrapingReason = 'limit'): string =>
  `${scraperPaywallPagePath}?slow=${Math.max(1, Math.ceil(retryAfterSeconds))}${reason === 'bot' ? '&reason=bot' : ''}#benefits`;

/** "3 minutes", "1 hour", "40 seconds": how long until a limit opens again, in words. */
export function waitInWords(seconds: number): string {
  const rounded = Math.max(1, Math.ceil(seconds));
  if (rounded < 60) return rounded === 1 ? '1 second' : `${rounded} seconds`;
  const minutes = Math.ceil(rounded / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** The research limit's sentence (the 429's message, and the notice on the paywall page). */
export const researchLimitMessage = (wait: string): string =>
  `You are researching faster than your plan allows. Please wait ${wait} and try again, or choose a plan to research without this limit.`;

/** Lower case, no trailing slash (except the root), no query or hash. */
export function normaliseWebPath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0]!.toLowerCase().replace(/\/{2,}/g, '/');
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

const withSubTypes = (base: string) => [base, `${base}/domain`, `${base}/url`];

/** Every page path without parameters. */
const staticPaths: readonly string[] = [
  // Marketing and public
  '/',
  '/althome',
  '/land/arc1-d',
  '/althome-d',
  '/company',
  '/serpwise-custom-gpt',
  '/spygpt',
  '/buy/register',
  '/mainpurchase',
  '/upgrade',
  '/freeaccount',
  '/memberperks',
  '/affiliates',
  '/jobs',
  '/e',
  ...partnerOfferPaths,
  '/content-assistant-offer',
  '/termsconditions',
  '/privacypolicy',
  '/vulnerability-disclosure-policy',
  '/add-users',
  '/homepage/overview',
  '/whats-new',
  '/blog',
  typoPagePath,
  serverErrorPagePath,
  scraperPaywallPagePath,
  '/system-check',
  // The user's own exports (docs/decisions.md, exports)
  '/exports',
  '/exports/new',
  // Where Google's consent screen sends the authorisation popup back (Google Sheets export)
  '/google-auth/callback',
  // Where a report e-mail's Unsubscribe lands: it asks, then stops that one address (issue 22)
  '/reports/unsubscribe',
  // Auth
  '/auth/login',
  '/login',
  '/auth/forgotpassword',
  '/auth/resetpassword',
  // The Log out form (a GET never logs out: docs/decisions.md, issue 16)
  '/auth/logout',
  // Onboarding, dashboards
  '/onboarding',
  '/onboarding/2',
  '/onboarding/3',
  '/hq',
  '/competitor-projects',
  // Research
  ...withSubTypes('/overview'),
  '/backlinks',
  '/backlinks/backlinks',
  '/backlinks/backlinks-outreach',
  ...seoTabs.flatMap((tab) => withSubTypes(`/seo/${tab}`)),
  ...ppcTabs.flatMap((tab) => withSubTypes(`/ppc/${tab}`)),
  '/ppc/adwords-templates/get-started',
  '/ppc/adwords-templates/download',
  ...keywordTabs.map((tab) => `/keyword/${tab}`),
  '/keyword/bulk-upload/results',
  '/outreach/domain-top-lists',
  '/outreach/keyword-top-lists',
  '/outreach/top-lists/custom',
  '/outreach/leads',
  '/rank-tracking',
  '/tracking',
  '/custom-reports',
  // Recon reports (docs/product/projects.md §2): the list, edit, and the two creation wizards of four steps.
  '/recon',
  '/recon/edit',
  ...['seo', 'ppc'].flatMap((kind) => [`/recon/create/${kind}`, `/recon/create/${kind}/2`, `/recon/create/${kind}/3`, `/recon/create/${kind}/4`]),
  // API docs
  '/api',
  '/api/v2',
  '/api/v1',
  ...apiV1Pages.map((page) => `/api/v1/${page}`),
  // Account (docs/product/account-exports-reports.md §2)
  '/account',
  ...[
    'settings',
    'requestkeywords',
    'requestkeywords/step-1',
    'requestkeywords/step-2',
    'requestkeywords/step-3',
    'receipts',
    'subscription',
    'teammanagement',
    'users-added',
    'reportdesign',
    'api',
    'scheduled-pdf-reports',
    'redeem-bundle',
    'receipt',
    // The user's imports (issue 8; docs/decisions.md)
    'imports',
    // Search Console by API (issue 20): connect, pick properties, follow the sync; Google's consent screen returns here
    'search-console',
    'search-console/callback',
  ].map((page) => `/account/${page}`),
  '/event-redirector',
  // Admin and development
  '/components',
  '/icons',
  '/sandbox',
  '/admin/queues',
  '/admin/audit-log',
  '/admin/jobs',
  '/admin/analytics',
];

/** Page paths with parameters (one path segment each). */
const patterns: readonly RegExp[] = [
  /^\/e\/[^/]+$/, // /e/{clickType?}
  /^\/[^/]+-alternative$/, // {anything}-alternative
  /^\/blog\/[a-z0-9-]+$/,
  /^\/recon\/live-ranking\/[^/]+$/,
  /^\/recon\/live-ranking-details\/[^/]+\/[^/]+$/,
  /^\/recon\/[a-z0-9-]+$/, // the public product pages of recon reports
];

const known = new Set(staticPaths);

/** True when the path is a page of the web app (the server answers 200 with the app shell). */
export function isWebAppRoute(pathname: string): boolean {
  const path = normaliseWebPath(pathname);
  return known.has(path) || patterns.some((pattern) => pattern.test(path));
}

/** A redirect the server answers itself. `to` may depend on whether the visitor is logged in. */
export interface WebRedirect {
  from: string;
  to: string | { loggedIn: string; visitor: string };
  /** 301 where the spec says the redirect is permanent, else 302. */
  status: 301 | 302;
}

export const webRedirects: readonly WebRedirect[] = [
  { from: '/buy/payment', to: '/buy/register', status: 302 },
  { from: '/buy/account', to: '/buy/register', status: 302 },
  { from: '/new-project', to: { loggedIn: '/hq', visitor: '/' }, status: 302 },
  { from: '/new-project/2', to: { loggedIn: '/hq', visitor: '/' }, status: 302 },
  { from: '/backlinks/domain', to: '/seo/backlinks', status: 301 },
  { from: '/backlinks/url', to: '/seo/backlinks', status: 301 },
  { from: '/backlinks/term', to: '/keyword/backlinks', status: 301 },
  { from: '/keyword', to: '/keyword/overview', status: 302 },
  { from: '/seo', to: '/seo/overview', status: 302 },
  { from: '/seo/reports', to: '/custom-reports', status: 302 },
  { from: '/ppc', to: '/ppc/overview', status: 302 },
  { from: '/account/alerts', to: '/account/scheduled-pdf-reports', status: 302 },
];

const redirectsByPath = new Map(webRedirects.map((redirect) => [redirect.from, redirect]));

/**
 * Where the server sends this path, keeping its query string (a search moved from /backlinks/domain keeps its
 * ?query=), or null when it is not a redirect.
 */
export function webRedirectFor(pathname: string, search: string, viewer: { isLoggedIn: boolean }): { location: string; status: 301 | 302 } | null {
  const redirect = redirectsByPath.get(normaliseWebPath(pathname));
  if (!redirect) return null;
  const target = typeof redirect.to === 'string' ? redirect.to : viewer.isLoggedIn ? redirect.to.loggedIn : redirect.to.visitor;
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  return { location: `${target}${query}`, status: redirect.status };
}

/** Admin-only pages (docs/product/site.md §2 "Admin and dev"): non-admins are sent to the home page. */
export const adminOnlyPaths: readonly string[] = ['/components', '/icons', '/admin/queues', '/admin/audit-log', '/admin/jobs', '/admin/analytics'];
export const isAdminOnlyPath = (pathname: string) => adminOnlyPaths.includes(normaliseWebPath(pathname));
