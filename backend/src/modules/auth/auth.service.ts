import { Inject, Injectable } from '@nestjs/common';
import {
  accountMessages,
  authMessages,
  isAcceptablePassword,
  isValidEmail,
  normalizeEmail,
  safeReturnUrl,
  type AuthAnswer,
  type Environment,
  type LoginRequest,
  type RegisterRequest,
  analyticsSignupSources,
} from '@serpwise/contracts';
import { UserRepository, type UserRecord } from '@serpwise/database';
import { AnalyticsRecorder, ENVIRONMENT } from '@serpwise/platform';
import type { RequestSession } from '../sessions/request-session.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { AuthRefusal } from './auth-refusal.js';
import { CaptchaVerifier } from './captcha-verifier.js';
import { PasswordHasher } from './password-hasher.js';
import { Limits, type LimitRule } from '../limits/limits.service.js';

/** Where the request came from, as the rate limits and the session list need it. */
export interface Caller {
  session: RequestSession;
  ipAddress: string | null;
}

/** A successful login or sign-up: the new cookie token and the documented answer. */
export interface SignedIn {
  token: string;
  remember: boolean;
  answer: AuthAnswer;
}

/** The spec's 'Too many attempts' message (minutes) with the exact wait as Retry-After. */
export const tooManyAttempts = (seconds: number) => new AuthRefusal(429, [authMessages.tooManyAttempts(Math.max(1, Math.ceil(seconds / 60)))], seconds);

/** Login, sign-up and their rules (docs/product/site.md §4, §5, §8). */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionsService,
    private readonly hasher: PasswordHasher,
    private readonly limits: Limits,
    private readonly captcha: CaptchaVerifier,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  async login(caller: Caller, request: LoginRequest): Promise<SignedIn> {
    const login = request.username.trim().toLowerCase();
    if (!login || !request.password) throw new AuthRefusal(400, [authMessages.loginFieldsMissing]);
    const address = caller.ipAddress ?? 'unknown';
    // Each attempt is counted before its password is checked, in one atomic step per window: of any burst, exactly
    // the allowance reaches the check. A success gives its points back.
    const windows: Array<[LimitRule, string]> = [
      [this.limits.rules.login(), `${address}|${login}`],
      [this.limits.rules.loginAddress(), address],
    ];
    await this.consumeOrRefuse(windows);
    try {
      await this.requireCaptcha(request.token, caller);
    } catch (error) {
      await this.refund(windows);
      throw error;
    }

    const user = await this.users.findByLogin(login);
    const valid = await this.hasher.verify(user?.passwordHash ?? null, request.password);
    if (!user || !valid) throw new AuthRefusal(401, [accountMessages.loginFailed]);
    await this.limits.reset(...windows[0]!);
    await this.limits.refund(...windows[1]!);
    return this.signIn(caller, user, request.rememberMe ?? request.remember ?? false, request.returnUrl);
  }

  async register(caller: Caller, request: RegisterRequest): Promise<SignedIn> {
    const email = normalizeEmail(request.email);
    const errors = [
      ...(isValidEmail(email) ? [] : [accountMessages.invalidEmail]),
      ...(isAcceptablePassword(request.password) ? [] : [accountMessages.passwordTooShort]),
    ];
    if (errors.length) throw new AuthRefusal(400, errors);
    const window: [LimitRule, string] = [this.limits.rules.registration(), caller.ipAddress ?? 'unknown'];
    const blocked = await this.limits.blockedFor(...window);
    if (blocked !== null) throw tooManyAttempts(blocked);
    await this.requireCaptcha(request.token, caller);
    await this.consumeOrRefuse([window]);

    const user = await this.users.create({
      email,
      passwordHash: await this.hasher.hash(request.password),
      name: request.name?.trim() || null,
      roles: ['free'],
      shouldShowOnboarding: true,
    });
    if (!user) throw new AuthRefusal(409, [accountMessages.duplicateEmail]);
    // The label is the call's source when it is one the web app sends (the field is free text: anything else is 'other').
    this.analytics.record('Leads_Free_Signup', (analyticsSignupSources as readonly string[]).includes(request.source ?? '') ? request.source! : 'other');
    return this.signIn(caller, user, request.rememberMe ?? request.remember ?? false, request.returnUrl);
  }

  /** Sign-up that logs in instead when the address already has an account with this password. */
  async registerOrLogin(caller: Caller, request: RegisterRequest): Promise<SignedIn> {
    const email = normalizeEmail(request.email);
    const existing = isValidEmail(email) ? await this.users.findByEmail(email) : null;
    if (!existing) return this.register(caller, request);
    try {
      return await this.login(caller, { username: email, password: request.password, token: request.token, remember: request.remember, rememberMe: request.rememberMe, returnUrl: request.returnUrl });
    } catch (error) {
      if (error instanceof AuthRefusal && error.getStatus() === 401) throw new AuthRefusal(409, [accountMessages.duplicateEmail]);
      throw error;
    }
  }

  async logOut(session: RequestSession): Promise<{ token: string; userId: string | null }> {
    const { token } = await this.sessions.logOut(session.id);
    return { token, userId: session.userId };
  }

  private async signIn(caller: Caller, user: UserRecord, remember: boolean, returnUrl: string | undefined): Promise<SignedIn> {
    const { token } = await this.sessions.logIn(caller.session.id, user.id, remember, caller.ipAddress);
    await this.users.recordLogin(user.id);
    const redirectUrl = await this.landingAfterLogin(user, returnUrl);
    return { token, remember, answer: { data: { isSuccessful: true, errors: [], redirectUrl } } };
  }

  /**
   * Too many sessions wins over onboarding, which wins over the page the user came from; that page rides along to
   * onboarding as its returnUrl (docs/decisions.md issue 24).
   */
  private async landingAfterLogin(user: UserRecord, returnUrl: string | undefined): Promise<string> {
    if (!user.roles.includes('infinitelogin') && (await this.sessions.hasTooManySessions(user.id))) return '/add-users';
    const back = safeReturnUrl(returnUrl);
    if (!user.shouldShowOnboarding) return back;
    return back === '/' || back.startsWith('/onboarding') ? '/onboarding' : `/onboarding?returnUrl=${encodeURIComponent(back)}`;
  }

  /** Counts one attempt in every window; over any of them, nothing stays counted and the answer is 429. */
  private async consumeOrRefuse(windows: Array<[LimitRule, string]>): Promise<void> {
    const decisions = await Promise.all(windows.map(([rule, key]) => this.limits.consume(rule, key)));
    const waits = decisions.flatMap((decision) => (decision.allowed ? [] : [decision.retryAfterSeconds]));
    if (!waits.length) return;
    await this.refund(windows);
    throw tooManyAttempts(Math.max(...waits));
  }

  private async refund(windows: Array<[LimitRule, string]>): Promise<void> {
    await Promise.all(windows.map(([rule, key]) => this.limits.refund(rule, key)));
  }

  private async requireCaptcha(token: string | null | undefined, caller: Caller): Promise<void> {
    if (!(await this.captcha.verify(token, caller.ipAddress))) throw new AuthRefusal(400, [authMessages.captchaFailed]);
  }
}
