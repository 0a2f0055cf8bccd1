import type { EntityManager } from '@mikro-orm/postgresql';

export interface StoredGoogleToken {
  userId: string;
  refreshTokenEncrypted: string;
  scope: string;
}

/** One Google authorisation per user; the caller encrypts and decrypts (the key is configuration). */
export class GoogleTokenRepository {
  constructor(private readonly em: EntityManager) {}

  async save(token: StoredGoogleToken): Promise<void> {
    await this.em.execute(
      `insert into google_token (user_id, refresh_token_encrypted, scope, created_at, updated_at) values (?, ?, ?, now(), now())
       on conflict (user_id) do update set refresh_token_encrypted = excluded.refresh_token_encrypted, scope = excluded.scope, updated_at = now()`,
      [token.userId, token.refreshTokenEncrypted, token.scope],
    );
  }

  async find(userId: string): Promise<StoredGoogleToken | null> {
    const [row] = await this.em.execute<{ user_id: string; refresh_token_encrypted: string; scope: string }[]>(
      'select user_id, refresh_token_encrypted, scope from google_token where user_id = ?',
      [userId],
    );
    return row ? { userId: row.user_id, refreshTokenEncrypted: row.refresh_token_encrypted, scope: row.scope } : null;
  }

  /** Removes the authorisation; answers the stored token so the caller can revoke it at Google too. */
  async remove(userId: string): Promise<StoredGoogleToken | null> {
    const [row] = await this.em.execute<{ user_id: string; refresh_token_encrypted: string; scope: string }[]>(
      'delete from google_token where user_id = ? returning user_id, refresh_token_encrypted, scope',
      [userId],
    );
    return row ? { userId: row.user_id, refreshTokenEncrypted: row.refresh_token_encrypted, scope: row.scope } : null;
  }
}
