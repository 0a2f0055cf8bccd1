import type { Environment } from '@serpwise/contracts';
import type { GoogleTokenRepository } from '@serpwise/database';
import { GoogleApiError, GoogleOAuth, googleConfigured, SheetsClient, type SheetsClientOptions } from './google-client.js';
import { GoogleTokenCipher } from './google-token-cipher.js';

/** Thrown when the user has no usable Google authorisation (none stored, or not theirs). */
export class GoogleNotAuthorisedError extends Error {
  constructor() {
    super('The user has no Google authorization');
    this.name = 'GoogleNotAuthorisedError';
  }
}

/**
 * One user's Google authorisation, used by the API (set, check, revoke, the page-rows export) and the worker
 * (table exports): stores the refresh token encrypted, and makes a Sheets client that authorises as that user.
 */
export class GoogleAuthorisations {
  private readonly cipher: GoogleTokenCipher | null;
  readonly oauth: GoogleOAuth;

  constructor(
    private readonly environment: Environment,
    private readonly tokens: GoogleTokenRepository,
    private readonly fetcher: typeof fetch = fetch,
  ) {
    this.cipher = GoogleTokenCipher.fromEnvironment(environment);
    this.oauth = new GoogleOAuth(environment, fetcher);
  }

  get configured(): boolean {
    return googleConfigured(this.environment) && this.cipher !== null;
  }

  async connect(userId: string, code: string, redirectUri: string): Promise<void> {
    const granted = await this.oauth.exchangeCode(code, redirectUri);
    await this.tokens.save({ userId, refreshTokenEncrypted: this.cipher!.encrypt(userId, granted.refreshToken), scope: granted.scope });
  }

  async has(userId: string): Promise<boolean> {
    return (await this.refreshTokenOf(userId)) !== null;
  }

  /** Forgets the authorisation and revokes it at Google; false when there was none. */
  async revoke(userId: string): Promise<boolean> {
    const removed = await this.tokens.remove(userId);
    if (!removed) return false;
    const token = this.cipher?.decrypt(userId, removed.refreshTokenEncrypted);
    if (token) await this.oauth.revoke(token);
    return true;
  }

  /** A Sheets client acting as this user; fails with GoogleNotAuthorisedError when the user has no authorisation. */
  async sheetsFor(userId: string, options: SheetsClientOptions = {}): Promise<SheetsClient> {
    const refreshToken = await this.refreshTokenOf(userId);
    if (!refreshToken) throw new GoogleNotAuthorisedError();
    return new SheetsClient(this.environment, () => this.oauth.refresh(refreshToken), {
      writeIntervalMs: this.environment.GOOGLE_SHEETS_WRITE_INTERVAL_MS,
      fetcher: this.fetcher,
      ...options,
    });
  }

  private async refreshTokenOf(userId: string): Promise<string | null> {
    if (!this.cipher) return null;
    const stored = await this.tokens.find(userId);
    return stored ? this.cipher.decrypt(userId, stored.refreshTokenEncrypted) : null;
  }
}

export { GoogleApiError };
