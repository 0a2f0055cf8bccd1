import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions } from 'express';
import { SessionRepository } from '@serpwise/database';
import type { Environment } from '@serpwise/contracts';
import { ENVIRONMENT } from '../../platform/config/environment.provider.js';
import type { RequestSession } from './request-session.js';

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
    await this.sessions.touch(session.id);
    return { id: session.id, userId: session.userId, csrfToken: session.csrfToken };
  }

  async start(userAgent: string | null): Promise<{ token: string; session: RequestSession }> {
    const { token, session } = await this.sessions.create({ ttlHours: this.environment.SESSION_TTL_HOURS, userAgent: userAgent?.slice(0, 512) ?? null });
    return { token, session: { id: session.id, userId: session.userId, csrfToken: session.csrfToken } };
  }

  cookieOptions(): CookieOptions {
    return {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.environment.SESSION_COOKIE_SECURE,
      path: '/',
      maxAge: this.environment.SESSION_TTL_HOURS * 3600 * 1000,
    };
  }
}
