import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes, randomUUID } from 'node:crypto';

export interface SessionView {
  id: string;
  userId: string | null;
  csrfToken: string;
  expiresAt: Date;
}

interface SessionRow {
  id: string;
  user_id: string | null;
  csrf_token: string;
  expires_at: Date;
}

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

const toView = (row: SessionRow): SessionView => ({
  id: row.id,
  userId: row.user_id,
  csrfToken: row.csrf_token,
  expiresAt: new Date(row.expires_at),
});

/** Server-side sessions in PostgreSQL. The caller keeps the raw token in an httpOnly cookie. */
export class SessionRepository {
  constructor(private readonly em: EntityManager) {}

  async create(input: { ttlHours: number; userAgent: string | null }): Promise<{ token: string; session: SessionView }> {
    const token = randomBytes(32).toString('base64url');
    const rows = await this.em.execute<SessionRow[]>(
      `insert into session (id, token_hash, csrf_token, user_id, user_agent, created_at, last_seen_at, expires_at)
       values (?, ?, ?, null, ?, now(), now(), now() + make_interval(hours => ?)) returning *`,
      [randomUUID(), hashSessionToken(token), randomBytes(32).toString('hex'), input.userAgent, input.ttlHours],
    );
    return { token, session: toView(rows[0]!) };
  }

  /** The live session behind a cookie token, or null when unknown or expired. */
  async findByToken(token: string): Promise<SessionView | null> {
    const rows = await this.em.execute<SessionRow[]>(
      'select id, user_id, csrf_token, expires_at from session where token_hash = ? and expires_at > now()',
      [hashSessionToken(token)],
    );
    return rows[0] ? toView(rows[0]) : null;
  }

  /** Marks activity at most once a minute per session, so page loads do not each write a row. */
  async touch(id: string): Promise<void> {
    await this.em.execute(
      `update session set last_seen_at = now() where id = ? and last_seen_at < now() - interval '1 minute'`,
      [id],
    );
  }
}
