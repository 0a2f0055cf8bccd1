import type { EntityManager } from '@mikro-orm/postgresql';

export interface StoredGoogleToken {
  userId: string;
  refreshTokenEncrypted: string;
  scope: string;
}

type TokenRow = { user_id: string; refresh_token_encrypted: string; scope: string };
const tokenOf = (row: TokenRow | undefined): StoredGoogleToken | null =>
  row ? { userId: row.user_id, refreshTokenEncrypted: row.refresh_token_encrypted, scope: row.scope } : null;

/**
 * One Google authorisation per user in a table of (user_id, refresh_token_encrypted, scope, created_at, updated_at):
 * the Sheets export's `google_token`, Search Console's `search_console_connection`. The caller encrypts and decrypts
 * (the key is configuration).
 */
export class GoogleTokenTable {
  constructor(
    private readonly em: EntityManager,
    private readonly table: 'google_token' | 'search_console_connection',
  ) {}

  async save(token: StoredGoogleToken): Promise<void> {
    await this.em.execute(
      `insert into ${this.table} (user_id, refresh_token_encrypted, scope, created_at, updated_at) values (?, ?, ?, now(), now())
       on conflict (user_id) do update set refresh_token_encrypted = excluded.refresh_token_encrypted, scope = excluded.scope, updated_at = now()`,
      [token.userId, token.refreshTokenEncrypted, token.scope],
    );
  }

  async find(userId: string): Promise<StoredGoogleToken | null> {
    const [row] = await this.em.execute<TokenRow[]>(`select user_id, refresh_token_encrypted, scope from ${this.table} where user_id = ?`, [userId]);
    return tokenOf(row);
  }

  /** Removes the authorisation; answers the stored token so the caller can revoke it at Google too. */
  async remove(userId: string): Promise<StoredGoogleToken | null> {
    const [row] = await this.em.execute<TokenRow[]>(`delete from ${this.table} where user_id = ? returning user_id, refresh_token_encrypted, scope`, [userId]);
    return tokenOf(row);
  }
}

/** The Sheets export's Google authorisations (google_token). */
export class GoogleTokenRepository extends GoogleTokenTable {
  constructor(em: EntityManager) {
    super(em, 'google_token');
  }
}
