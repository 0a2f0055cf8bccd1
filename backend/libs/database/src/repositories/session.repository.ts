import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes, randomUUID } from 'node:crypto';

export interface SessionView {
  id: string;
  userId: string | null;
  csrfToken: string;
  expiresAt: Date;
  remember: boolean;
  killNoticePending: boolean;
  adminActionsUntil: Date | null;
}

/** A logged-in session as the account owner sees it in the session list. */
export interface SessionListing {
  id: string;
  userId: string;
  userAgent: string | null;
  ipAddress: string | null;
  loggedInAt: Date | null;
  lastSeenAt: Date;
}

interface SessionRow {
  id: string;
  user_id: string | null;
  csrf_token: string;
  expires_at: Date;
  remember: boolean;
  kill_notice_pending: boolean;
  admin_actions_until: Date | null;
}

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const newCsrfToken = () => randomBytes(32).toString('hex');

const toView = (row: SessionRow): SessionView => ({
  id: row.id,
  userId: row.user_id,
  csrfToken: row.csrf_token,
  expiresAt: new Date(row.expires_at),
  remember: row.remember,
  killNoticePending: row.kill_notice_pending,
  adminActionsUntil: row.admin_actions_until ? new Date(row.admin_actions_until) : null,
});

const viewColumns = 'id, user_id, csrf_token, expires_at, remember, kill_notice_pending, admin_actions_until';

/** Server-side sessions in PostgreSQL. The caller keeps the raw token in an httpOnly cookie. */
export class SessionRepository {
  constructor(private readonly em: EntityManager) {}

  async create(input: { ttlHours: number; userAgent: string | null }): Promise<{ token: string; session: SessionView }> {
    const token = newToken();
    const rows = await this.em.execute<SessionRow[]>(
      `insert into session (id, token_hash, csrf_token, user_id, user_agent, created_at, last_seen_at, expires_at)
       values (?, ?, ?, null, ?, now(), now(), now() + make_interval(hours => ?)) returning ${viewColumns}`,
      [randomUUID(), hashSessionToken(token), newCsrfToken(), input.userAgent, input.ttlHours],
    );
    return { token, session: toView(rows[0]!) };
  }

  /** The live session behind a cookie token, or null when unknown or expired. */
  async findByToken(token: string): Promise<SessionView | null> {
    const rows = await this.em.execute<SessionRow[]>(
      `select ${viewColumns} from session where token_hash = ? and expires_at > now()`,
      [hashSessionToken(token)],
    );
    return rows[0] ? toView(rows[0]) : null;
  }

  /**
   * Marks activity at most once a minute per session, so page loads do not each write a row. A session without
   * 'Remember Me' slides: each activity pushes its end to ttlHours from now.
   */
  async touch(id: string, slidingTtlHours: number): Promise<void> {
    await this.em.execute(
      `update session set last_seen_at = now(),
         expires_at = case when remember then expires_at else greatest(expires_at, now() + make_interval(hours => ?)) end
       where id = ? and last_seen_at < now() - interval '1 minute'`,
      [slidingTtlHours, id],
    );
  }

  /**
   * Binds the session to a user with a fresh cookie token and cross-site token (so a token planted before login
   * is worthless after it). Returns the new cookie token.
   */
  async logIn(
    id: string,
    input: { userId: string; remember: boolean; ttlHours: number; ipAddress: string | null },
  ): Promise<{ token: string; session: SessionView }> {
    const token = newToken();
    const rows = await this.em.execute<SessionRow[]>(
      `update session set token_hash = ?, csrf_token = ?, user_id = ?, remember = ?, ip_address = ?,
         logged_in_at = now(), last_seen_at = now(), expires_at = now() + make_interval(hours => ?),
         killed_at = null, kill_notice_pending = false, admin_actions_until = null
       where id = ? returning ${viewColumns}`,
      [hashSessionToken(token), newCsrfToken(), input.userId, input.remember, input.ipAddress, input.ttlHours, id],
    );
    return { token, session: toView(rows[0]!) };
  }

  /** Ends the session: it becomes a visitor session again, under a new token. */
  async logOut(id: string, ttlHours: number): Promise<{ token: string; session: SessionView }> {
    const token = newToken();
    const rows = await this.em.execute<SessionRow[]>(
      `update session set token_hash = ?, csrf_token = ?, user_id = null, remember = false, logged_in_at = null,
         admin_actions_until = null, kill_notice_pending = false, expires_at = now() + make_interval(hours => ?)
       where id = ? returning ${viewColumns}`,
      [hashSessionToken(token), newCsrfToken(), ttlHours, id],
    );
    return { token, session: toView(rows[0]!) };
  }

  /** Logged-in sessions of a user seen within the activity window (the ones that count against the limit). */
  async countActive(userId: string, windowMinutes: number): Promise<number> {
    const rows = await this.em.execute<{ n: string }[]>(
      `select count(*) as n from session where user_id = ? and expires_at > now()
         and last_seen_at > now() - make_interval(mins => ?)`,
      [userId, windowMinutes],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Live logged-in sessions of these users, newest activity first. */
  async listForUsers(userIds: string[]): Promise<SessionListing[]> {
    if (userIds.length === 0) return [];
    const rows = await this.em.execute<
      { id: string; user_id: string; user_agent: string | null; ip_address: string | null; logged_in_at: Date | null; last_seen_at: Date }[]
    >(
      `select id, user_id, user_agent, ip_address, logged_in_at, last_seen_at from session
       where user_id = any(?::uuid[]) and expires_at > now() order by last_seen_at desc`,
      [`{${userIds.join(',')}}`],
    );
    return rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      userAgent: row.user_agent,
      ipAddress: row.ip_address,
      loggedInAt: row.logged_in_at ? new Date(row.logged_in_at) : null,
      lastSeenAt: new Date(row.last_seen_at),
    }));
  }

  /**
   * Kills the listed sessions of these users (never others): each becomes a visitor session whose next poll
   * reports isSessionKilled once. Returns the ids that were killed.
   */
  async kill(sessionIds: string[], ownerUserIds: string[], exceptSessionId?: string): Promise<string[]> {
    if (sessionIds.length === 0 || ownerUserIds.length === 0) return [];
    const rows = await this.em.execute<{ id: string }[]>(
      `update session set user_id = null, logged_in_at = null, killed_at = now(), kill_notice_pending = true,
         admin_actions_until = null
       where id = any(?::uuid[]) and user_id = any(?::uuid[]) and id <> ? returning id`,
      [`{${sessionIds.join(',')}}`, `{${ownerUserIds.join(',')}}`, exceptSessionId ?? '00000000-0000-0000-0000-000000000000'],
    );
    return rows.map((row) => row.id);
  }

  /** Kills every session of a user except one (after a password change or reset). */
  async killAllOf(userId: string, exceptSessionId?: string): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update session set user_id = null, logged_in_at = null, killed_at = now(), kill_notice_pending = true,
         admin_actions_until = null
       where user_id = ? and id <> ? returning id`,
      [userId, exceptSessionId ?? '00000000-0000-0000-0000-000000000000'],
    );
    return rows.length;
  }

  /** Reads and clears the one-time "your session was ended" notice. */
  async takeKillNotice(id: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      'update session set kill_notice_pending = false where id = ? and kill_notice_pending returning id',
      [id],
    );
    return rows.length === 1;
  }

  async enableAdminActions(id: string, untilMs: number): Promise<Date> {
    const rows = await this.em.execute<{ admin_actions_until: Date }[]>(
      `update session set admin_actions_until = now() + make_interval(secs => ?) where id = ? returning admin_actions_until`,
      [untilMs / 1000, id],
    );
    return new Date(rows[0]!.admin_actions_until);
  }
}
