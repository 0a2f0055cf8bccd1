import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import { ENVIRONMENT } from '@serpwise/platform';

/**
 * Checks the captcha token of login and sign-up with a reCAPTCHA-compatible verify endpoint. Without a
 * configured secret there is nothing to check against, so any token, null included, is accepted.
 */
@Injectable()
export class CaptchaVerifier {
  private readonly logger = new Logger(CaptchaVerifier.name);

  constructor(@Inject(ENVIRONMENT) private readonly environment: Environment) {}

  get isEnabled(): boolean {
    return Boolean(this.environment.CAPTCHA_SECRET);
  }

  /** What the login and sign-up panels need to ask for a token (GET /rest/auth/settings). */
  publicSettings(): { captchaEnabled: boolean; siteKey: string | null; scriptUrl: string | null } {
    if (!this.isEnabled) return { captchaEnabled: false, siteKey: null, scriptUrl: null };
    return { captchaEnabled: true, siteKey: this.environment.CAPTCHA_SITE_KEY ?? null, scriptUrl: this.environment.CAPTCHA_SCRIPT_URL };
  }

  async verify(token: string | null | undefined, remoteIp: string | null): Promise<boolean> {
    const secret = this.environment.CAPTCHA_SECRET;
    if (!secret) return true;
    if (!token) return false;
    const body = new URLSearchParams({ secret, response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) });
    try {
      const response = await fetch(this.environment.CAPTCHA_VERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(5000) });
      if (!response.ok) return false;
      const answer = (await response.json()) as { success?: boolean };
      return answer.success === true;
    } catch (error) {
      this.logger.warn(`captcha verification failed: ${(error as Error).message}`);
      return false;
    }
  }
}
