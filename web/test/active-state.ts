import type { ActiveState, TrackingState, UserState } from '@serpwise/contracts';

/** getactivestate answers for web tests: a visitor by default, with user and tracking fields overridable. */
export function activeState(user: Partial<UserState> = {}, tracking: Partial<TrackingState> = {}): ActiveState {
  return {
    user: {
      isLoggedIn: false,
      userId: null,
      id: null,
      email: null,
      name: null,
      username: null,
      roles: [],
      isFullUser: false,
      isFullReconUser: false,
      isAdmin: false,
      shouldShowOnboarding: false,
      isErrorPage: false,
      isTooManyActiveSessions: false,
      createdAt: null,
      childUserId: null,
      childUserEmail: null,
      isChildAccount: false,
      hasGoogleToken: false,
      googleIdToken: null,
      sessionId: 's1',
      product: { maxExportRows: 0, hasUnlimitedExportRows: false },
      onboarding: null,
      ...user,
    },
    tracking: {
      billingMonths: null,
      billingCycle: null,
      daysSinceSignUp: null,
      signUpDate: null,
      latestActiveDate: null,
      disablePaywall: false,
      disableMultiUserPaywall: false,
      enableScraperFreewall: false,
      enableScraperToken: false,
      homepageSuggestionType: 'default',
      hqSuggestionType: 'default',
      paywallVariant: 'default',
      footerCtaText: null,
      footerCtaLink: null,
      showAnnualPlanUpsell: false,
      isPrerendering: false,
      enableRivalFlowCrossPromo: true,
      enableRivalFlowCrossPromoModal: false,
      ...tracking,
    },
    environment: { countryCode: 'US', currency: '$', isMobile: false, isBot: false, isSuspectedScraper: false },
  };
}

/** A logged-in free user. */
export const loggedInState = (user: Partial<UserState> = {}, tracking: Partial<TrackingState> = {}) =>
  activeState({ isLoggedIn: true, userId: 'u1', id: 'u1', email: 'ada@example.com', roles: ['free'], ...user }, tracking);
