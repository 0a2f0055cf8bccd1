/**
 * Role names stored on a user (docs/product/site.md §6). 'free' and 'full' are the plan; 'recon_full' adds full export
 * privileges and white-labelled reports; 'admin' opens the admin pages; 'infinitelogin' skips the session limit.
 * A child account has no plan of its own: it inherits its parent's.
 */
export const roleNames = ['free', 'full', 'recon_full', 'admin', 'infinitelogin'] as const;
export type RoleName = (typeof roleNames)[number];

/**
 * What an endpoint needs, from least to most. The one access guard reads this from every route.
 * - public: anyone, even without a session cookie;
 * - session: any browser session (a visitor has one after the first page load);
 * - user: logged in; full: logged in with a full plan (own or the parent's);
 * - recon: logged in with the full recon plan (own or the parent's): white-labelled reports;
 * - parent: logged in and not a child account (team and subscription management);
 * - admin: role admin; admin-action: role admin with admin actions enabled less than an hour ago.
 */
export const accessLevels = ['public', 'session', 'user', 'full', 'recon', 'parent', 'admin', 'admin-action'] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** Admin actions stay allowed this long after being enabled (docs/product/site.md §9). */
export const adminActionTimeoutMs = 3_600_000;

/** The full recon plan (docs/product/account-exports-reports.md §3 roles): full export privileges and white-labelled reports. */
export const hasReconPlan = (roles: readonly string[]) => roles.includes('recon_full');

export const hasFullPlan = (roles: readonly string[]) =>
  roles.includes('full') || roles.includes('recon_full') || roles.includes('admin');
