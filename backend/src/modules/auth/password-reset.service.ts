import { Inject, Injectable, Logger } from '@nestjs/common';
import { accountMessages, authMessages, isAcceptablePassword, isValidEmail, normalizeEmail, type Environment } from '@serpwise/contracts';
import { PasswordResetRepository, SessionRepository, UserRepository } from '@serpwise/database';
import { AnalyticsRecorder, ENVIRONMENT, Mailer } from '@serpwise/platform';
import { AuthRefusal } from './auth-refusal.js';
import { tooManyAttempts, type Caller } from './auth.service.js';
import { PasswordHasher } from './password-hasher.js';
import { Limits } from '../limits/limits.service.js';

/** The reset page the e-mailed link opens. */
export const resetPagePath = '/auth/resetpassword';

/**
 * Forgot password: a one-time link that expires, sent by e-mail. The answer is the same whether or not the address
 * has an account, so the form cannot be used to find out who is a customer.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    private readonly users: UserRepository,
    private readonly resets: PasswordResetRepository,
    private readonly sessions: SessionRepository,
    private readonly hasher: PasswordHasher,
    private readonly limits: Limits,
    private readonly mailer: Mailer,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  async request(caller: Caller, rawEmail: string): Promise<void> {
    const email = normalizeEmail(rawEmail);
    if (!isValidEmail(email)) throw new AuthRefusal(400, [accountMessages.invalidEmail]);
    const decision = await this.limits.consume(this.limits.rules.passwordReset(), caller.ipAddress ?? 'unknown');
    if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);

    const user = await this.users.findByEmail(email);
    if (!user) return;
    const minutes = this.environment.PASSWORD_RESET_MINUTES;
    const token = await this.resets.create(user.id, minutes);
    // PUBLIC_URL, never the request's Host header: a forged header would send the reset link to another site.
    const link = `${this.environment.PUBLIC_URL}${resetPagePath}?token=${encodeURIComponent(token)}`;
    await this.mailer.send({
      to: user.email,
      subject: 'Reset your Serpwise password',
      text: [
        'Someone asked to reset the password of your Serpwise account.',
        '',
        `Choose a new password here (the link works once, for ${minutes} minutes):`,
        link,
        '',
        'If it was not you, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    });
    this.logger.log(`password reset link sent to user ${user.id}`);
  }

  async isLinkValid(token: string): Promise<boolean> {
    return (await this.resets.peek(token)) !== null;
  }

  /** Sets the new password, uses the link up, and ends every session of the account. */
  async reset(token: string, newPassword: string, confirmPassword: string): Promise<void> {
    if (!isAcceptablePassword(newPassword)) throw new AuthRefusal(400, [accountMessages.passwordTooShort]);
    if (newPassword !== confirmPassword) throw new AuthRefusal(400, [authMessages.passwordsDiffer]);
    const userId = await this.resets.consume(token);
    if (!userId) throw new AuthRefusal(400, [authMessages.resetLinkInvalid]);
    await this.users.setPasswordHash(userId, await this.hasher.hash(newPassword));
    await this.sessions.killAllOf(userId);
    this.analytics.record('Acct_Password_Reset');
  }
}
