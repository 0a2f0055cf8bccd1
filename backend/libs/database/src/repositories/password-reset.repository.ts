import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes, randomUUID } from 'node:crypto';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** One-time, expiring password reset links. The raw token only ever lives in the e-mail. */
export class PasswordResetRepository {
  constructor(private readonly em: EntityManager) {}

  async create(userId: string, ttlMinutes: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.em.execute(
      `insert into password_reset (id, user_id, token_hash, created_at, expires_at)
       values (?, ?, ?, now(), now() + make_interval(mins => ?))`,
      [randomUUID(), userId, hashToken(token), ttlMinutes],
    );
    return token;
  }

  /** The user of a live, unused link, without using it up (the reset page checks it before showing the form). */
  async peek(token: string): Promise<string | null> {
    const rows = await this.em.execute<{ user_id: string }[]>(
      'select user_id from password_reset where token_hash = ? and used_at is null and expires_at > now()',
      [hashToken(token)],
    );
    return rows[0]?.user_id ?? null;
  }

  /** Uses the link up atomically: a second use (or a racing one) gets null. Other open links of the user die too. */
  async consume(token: string): Promise<string | null> {
    const rows = await this.em.execute<{ user_id: string }[]>(
      `update password_reset set used_at = now()
       where token_hash = ? and used_at is null and expires_at > now() returning user_id`,
      [hashToken(token)],
    );
    const userId = rows[0]?.user_id ?? null;
    if (userId) await this.em.execute('update password_reset set used_at = now() where user_id = ? and used_at is null', [userId]);
    return userId;
  }
}
