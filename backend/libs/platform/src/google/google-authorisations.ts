import type { Environment } from '@serpwise/contracts';
import type { GoogleTokenTable } from '@serpwise/database';
import { GoogleApiError, GoogleOAuth, googleConfigured, SheetsClient, type SheetsClientOptions } from './google-client.js';
import { GoogleTokenCipher } from './google-token-cipher.js';

/** Thrown when the user has no usable Google authorisation (none stored, or not theirs). */
export class GoogleNotAuthorisedError extends Error {
  constructor() {
    super('The user has no Google authorization');
    this.name = 'GoogleNotAuthorisedError';
  }
}

/** Where one kind of authorisation keeps its encrypted refresh tokens (a GoogleTokenTable). */
export type GoogleTokenStore = Pick<GoogleTokenTable, 'save' | 'find' | 'remove'>;

/** The user authorised Google but did not grant the scope this authorisation needs (nothing was kept). */
export class GoogleScopeNotGrantedError extends Error {
  constructor(readonly scope: string) {
    super(`Google did not grant ${scope}`);
    this.name = 'GoogleScopeNotGrantedError';
  }
}

/**
 * One kind of a user's Google authorisation: stores the refresh token encrypted (the user id as associated data),
 * says whether the user has one, forgets and revokes it. The Sheets export and Search Console each have theirs.
 */
export class StoredGoogleAuthorisation {
  private readonly cipher: GoogleTokenCipher | null;
  readonly oauth: GoogleOAuth;

  constructor(
    protected readonly environment: Environment,
    private readonly tokens: GoogleTokenStore,
    protected readonly fetcher: typeof fetch = fetch,
    /** A scope the grant must hold: a consent where the user unticked it keeps nothing (and is revoked). */
    private readonly requiredScope: string | null = null,
  ) {
    this.cipher = GoogleTokenCipher.fromEnvironment(environment);
    this.oauth = new GoogleOAuth(environment, fetcher);
  }

  get configured(): boolean {
    return googleConfigured(this.environment) && this.cipher !== null;
  }

  async connect(userId: string, code: string, redirectUri: string): Promise<void> {
    const granted = await this.oauth.exchangeCode(code, redirectUri);
    if (this.requiredScope && !granted.scope.split(' ').includes(this.requiredScope)) {
      await this.oauth.revoke(granted.refreshToken).catch(() => undefined);
      throw new GoogleScopeNotGrantedError(this.requiredScope);
    }
    await this.tokens.save({ userId, refreshTokenEncrypted: this.cipher!.encrypt(userId, granted.refreshToken), scope: granted.scope });
  }

  async has(userId: string): Promise<boolean> {
    return (await this.refreshTokenOf(userId)) !== null;
  }

  /** Forgets the authorisation here first, then revokes it at Google; false when there was none. */
  async revoke(userId: string): Promise<boolean> {
    const removed = await this.tokens.remove(userId);
    if (!removed) return false;
    const token = this.cipher?.decrypt(userId, removed.refreshTokenEncrypted);
    if (token) await this.oauth.revoke(token);
    return true;
  }

  /** A way to get this user's access tokens; GoogleNotAuthorisedError when they have no authorisation. */
  protected async accessTokensOf(userId: string): Promise<() => Promise<string>> {
    const refreshToken = await this.refreshTokenOf(userId);
    if (!refreshToken) throw new GoogleNotAuthorisedError();
    return () => this.oauth.refresh(refreshToken);
  }

  private async refreshTokenOf(userId: string): Promise<string | null> {
    if (!this.cipher) return null;
    const stored = await this.tokens.find(userId);
    return stored ? this.cipher.decrypt(userId, stored.refreshTokenEncrypted) : null;
  }
}

/**
 * The user's Google authorisation for the Sheets export, used by the API (set, check, revoke, the page-rows export)
 * and the worker (table exports): makes a Sheets client that authorises as that user.
 */
export class GoogleAuthorisations extends StoredGoogleAuthorisation {
  constructor(environment: Environment, tokens: GoogleTokenStore, fetcher: typeof fetch = fetch) {
    super(environment, tokens, fetcher);
  }

  /** A Sheets client acting as this user; fails with GoogleNotAuthorisedError when the user has no authorisation. */
  async sheetsFor(userId: string, options: SheetsClientOptions = {}): Promise<SheetsClient> {
    return new SheetsClient(this.environment, await this.accessTokensOf(userId), {
      writeIntervalMs: this.environment.GOOGLE_SHEETS_WRITE_INTERVAL_MS,
      fetcher: this.fetcher,
      ...options,
    });
  }
}

export { GoogleApiError };
