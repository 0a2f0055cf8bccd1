import { Inject, Injectable } from '@nestjs/common';
import {
  exportAllowanceOf,
  type ActiveState,
  type Environment,
  type EnvironmentState,
  type OnboardingAnswers,
  type SessionPollAnswer,
  type TrackingState,
  type UserState,
} from '@serpwise/contracts';
import { ENVIRONMENT, GoogleAuthorisations } from '@serpwise/platform';
import { isAdminIdentity, isFullIdentity } from '../access/access-decision.js';
import type { Identity, RequestSession } from '../sessions/request-session.js';
import { SessionsService } from '../sessions/sessions.service.js';

const day = 86_400_000;

const visitorUser = (session: RequestSession | undefined): UserState => ({
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
  sessionId: session?.id ?? null,
  product: { maxExportRows: 0, hasUnlimitedExportRows: false },
  onboarding: null,
});

/** The user and tracking state of getactivestate, and the session poll (docs/product/site.md §3, §7). */
@Injectable()
export class ActiveStateService {
  constructor(
    private readonly sessions: SessionsService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    private readonly google: GoogleAuthorisations,
  ) {}

  async activeState(session: RequestSession | undefined, identity: Identity | undefined, environment: EnvironmentState): Promise<ActiveState> {
    const user = identity ? await this.userState(session!, identity) : visitorUser(session);
    return { user, tracking: this.tracking(identity), environment };
  }

  async poll(session: RequestSession, identity: Identity | undefined): Promise<SessionPollAnswer> {
    const isSessionKilled = await this.sessions.takeKillNotice(session.id);
    const hasTooManyLogins = identity ? await this.tooManySessions(identity) : false;
    return { hasTooManyLogins, isSessionKilled };
  }

  private async tooManySessions(identity: Identity): Promise<boolean> {
    if (identity.user.roles.includes('infinitelogin')) return false;
    return this.sessions.hasTooManySessions(identity.user.id);
  }

  private async userState(session: RequestSession, identity: Identity): Promise<UserState> {
    const { user, parent } = identity;
    const isFullUser = isFullIdentity(identity);
    const isRecon = identity.planRoles.includes('recon_full');
    // A child account is shown with its parent's account id and its own e-mail (docs/product/site.md §2 header).
    const owner = parent ?? user;
    return {
      isLoggedIn: true,
      userId: owner.id,
      id: owner.id,
      email: owner.email,
      name: user.name,
      username: user.username ?? user.email,
      roles: identity.planRoles,
      isFullUser,
      isFullReconUser: isRecon,
      isAdmin: isAdminIdentity(identity),
      shouldShowOnboarding: user.shouldShowOnboarding,
      isErrorPage: false,
      isTooManyActiveSessions: await this.tooManySessions(identity),
      createdAt: user.createdAt.toISOString(),
      childUserId: parent ? user.id : null,
      childUserEmail: parent ? user.email : null,
      isChildAccount: parent !== null,
      // The user's own stored Google authorisation (a child account authorises for itself).
      hasGoogleToken: this.google.configured && (await this.google.has(user.id)),
      googleIdToken: null,
      sessionId: session.id,
      product: exportAllowanceOf(identity.planRoles, this.environment.EXPORT_MAX_ROWS),
      onboarding: (user.onboarding as OnboardingAnswers | null) ?? null,
    };
  }

  private tracking(identity: Identity | undefined): TrackingState {
    const user = identity?.parent ?? identity?.user;
    const attributes = user?.attributes ?? {};
    const billingCycle = attributes['billingCycle'] === 'Annually' ? 'Annually' : attributes['billingCycle'] === 'Monthly' ? 'Monthly' : null;
    const months = attributes['billingMonths'] ?? null;
    return {
      billingMonths: months === null ? null : `${months}${billingCycle === 'Annually' ? 'a' : ''}`,
      billingCycle,
      daysSinceSignUp: user ? Math.floor((Date.now() - user.createdAt.getTime()) / day) : null,
      signUpDate: user ? user.createdAt.toISOString() : null,
      latestActiveDate: user?.lastLoginAt ? user.lastLoginAt.toISOString() : null,
      disablePaywall: identity ? isFullIdentity(identity) : false,
      disableMultiUserPaywall: false,
      enableScraperFreewall: this.environment.SCRAPER_FREEWALL_ENABLED,
      enableScraperToken: this.environment.SCRAPER_TOKEN_ENABLED,
      homepageSuggestionType: this.environment.HOMEPAGE_SUGGESTION_TYPE,
      hqSuggestionType: this.environment.HQ_SUGGESTION_TYPE,
      paywallVariant: 'default',
      footerCtaText: this.environment.FOOTER_CTA_TEXT ?? null,
      footerCtaLink: this.environment.FOOTER_CTA_LINK ?? null,
      showAnnualPlanUpsell: Boolean(identity && isFullIdentity(identity) && billingCycle !== 'Annually'),
      isPrerendering: false,
      enableRivalFlowCrossPromo: this.environment.CROSS_PROMO_ENABLED,
      enableRivalFlowCrossPromoModal: false,
    };
  }
}
