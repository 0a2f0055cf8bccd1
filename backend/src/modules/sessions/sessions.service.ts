import { Inject, Injectable } from '@nestjs/common';
import { SessionRepository, type SessionView } from '@serpwise/database';
import type { Environment } from '@serpwise/contracts';
import { ENVIRONMENT } from '@serpwise/platform';
import type { RequestSession } from './request-session.js';

const toRequestSession = (session: SessionView): RequestSession => ({
  id: session.id,
  userId: session.userId,
  csrfToken: session.csrfToken,
  remember: session.remember,
  adminActionsUntil: session.adminActionsUntil,
});

/** Starting, resolving, logging in and out of browser sessions. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionRepository,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async resolve(token: string | undefined): Promise<RequestSession | null> {
    if (!token || token.length > 128) return null;
    const session = await this.sessions.findByToken(token);
    if (!session) return null;
    await this.sessions.touch(session.id, this.environment.LOGIN_SESSION_HOURS);
    return toRequestSession(session);
  }

  async start(userAgent: string | null): Promise<{ token: string; session: RequestSession }> {
    const { token, session } = await this.sessions.create({ ttlHours: this.environment.SESSION_TTL_HOURS, userAgent: userAgent?.slice(0, 512) ?? null });
    return { token, session: toRequestSession(session) };
  }

  async logIn(sessionId: string, userId: string, remember: boolean, ipAddress: string | null) {
    const ttlHours = remember ? this.environment.REMEMBER_ME_DAYS * 24 : this.environment.LOGIN_SESSION_HOURS;
    const { token, session } = await this.sessions.logIn(sessionId, { userId, remember, ttlHours, ipAddress: ipAddress?.slice(0, 64) ?? null });
    return { token, session: toRequestSession(session) };
  }

  async logOut(sessionId: string) {
    const { token, session } = await this.sessions.logOut(sessionId, this.environment.SESSION_TTL_HOURS);
    return { token, session: toRequestSession(session) };
  }

  /** True when the user has more active sessions than the limit allows (infinitelogin is checked by the caller). */
  async hasTooManySessions(userId: string): Promise<boolean> {
    const active = await this.sessions.countActive(userId, this.environment.SESSION_ACTIVE_WINDOW_MINUTES);
    return active > this.environment.SESSION_LIMIT_PER_USER;
  }

  takeKillNotice(sessionId: string): Promise<boolean> {
    return this.sessions.takeKillNotice(sessionId);
  }
}
