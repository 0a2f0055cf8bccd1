/** The user state the web client reads from getactivestate (docs/product/site.md §3, docs/product/account-exports-reports.md §3). */
export interface OnboardingAnswers {
  companyEmployeeCount: string | null;
  employedAtAgency: boolean | null;
  name: string | null;
  ownBusiness: boolean | null;
  onboardingDomain: string | null;
  onboardingDisplay: string | null;
  onboardingGeo: string | null;
  interestedInPpc: boolean;
  interestedInSeo: boolean;
  interestedInCompetitiveIntelligence: boolean;
  interestedInClientReporting: boolean;
  interestedInSalesProspecting: boolean;
  budgetRange: string | null;
  isNewCampaign: boolean | null;
}

export interface ProductAllowance {
  maxExportRows: number;
  hasUnlimitedExportRows: boolean;
}

export interface UserState {
  isLoggedIn: boolean;
  userId: string | null;
  id: string | null;
  email: string | null;
  name: string | null;
  username: string | null;
  roles: string[];
  isFullUser: boolean;
  isFullReconUser: boolean;
  isAdmin: boolean;
  shouldShowOnboarding: boolean;
  isErrorPage: boolean;
  isTooManyActiveSessions: boolean;
  createdAt: string | null;
  childUserId: string | null;
  childUserEmail: string | null;
  isChildAccount: boolean;
  hasGoogleToken: boolean;
  googleIdToken: string | null;
  sessionId: string | null;
  product: ProductAllowance;
  onboarding: OnboardingAnswers | null;
}

/** The account and paywall settings of docs/product/site.md §3 that the client reads with the user. */
export interface TrackingState {
  billingMonths: string | null;
  billingCycle: 'Annually' | 'Monthly' | null;
  daysSinceSignUp: number | null;
  signUpDate: string | null;
  latestActiveDate: string | null;
  disablePaywall: boolean;
  disableMultiUserPaywall: boolean;
  enableScraperFreewall: boolean;
  enableScraperToken: boolean;
  homepageSuggestionType: 'domains' | 'keywords' | 'default';
  hqSuggestionType: 'domains' | 'keywords' | 'default';
  paywallVariant: string;
  footerCtaText: string | null;
  footerCtaLink: string | null;
  showAnnualPlanUpsell: boolean;
  isPrerendering: boolean;
  enableRivalFlowCrossPromo: boolean;
  enableRivalFlowCrossPromoModal: boolean;
}

/**
 * The environment of docs/product/site.md §3 ("countryCode, currency '$', isMobile, bot detection flags"), computed by
 * the server from the request that fetched the active state (docs/decisions.md issue 25).
 */
export interface EnvironmentState {
  /** The visitor's territory: the configured country header (COUNTRY_HEADER), else Accept-Language, else US. */
  countryCode: string;
  currency: '$';
  /** The user agent is a phone's (tablets are not mobile). */
  isMobile: boolean;
  /** The user agent names itself a crawler, a headless browser or an HTTP library. */
  isBot: boolean;
  /** The bot check counts this session or address as faster than a person right now. */
  isSuspectedScraper: boolean;
}

export interface ActiveState {
  user: UserState;
  tracking: TrackingState;
  environment: EnvironmentState;
}

/** GET and POST /endpoints/poll. */
export interface SessionPollAnswer {
  hasTooManyLogins: boolean;
  isSessionKilled: boolean;
}

/** One logged-in session the caller manages (its own, and its team's for an account owner). */
export interface ListedSession {
  id: string;
  email: string;
  userAgent: string | null;
  ipAddress: string | null;
  loggedInAt: string | null;
  lastSeenAt: string;
  isCurrent: boolean;
}

/** GET /Endpoints/ChildAccount/ListSessions: what the too-many-sessions page offers to end. */
export interface SessionListAnswer {
  sessions: ListedSession[];
  limit: number;
  activeCount: number;
}

/** Default export allowance (docs/product/site.md §9). */
export const defaultMaxExportRows = 500_000;
/** The session ping of a logged-in page (docs/product/site.md §9). */
export const sessionPingMs = 60_000;
/** The active state is refreshed at most this often. */
export const activeStateRefreshMs = 3_600_000;
