import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { isRestPath, restPrefix, sessionCookieName, type Environment } from '@serpwise/contracts';
import type { NextFunction, Request, Response } from 'express';
import { ENVIRONMENT } from '@serpwise/platform';
import { IdentityService } from './identity.service.js';
import { setSessionCookie } from './session-cookie.js';
import { SessionsService } from './sessions.service.js';

/** The full path: inside Nest middleware request.path is relative to the mount point. */
const fullPath = (request: Request) => new URL(request.originalUrl, 'http://local').pathname.toLowerCase();

/** Paths that start a session when the browser has none: page loads and the session bootstrap call. */
function startsSession(request: Request): boolean {
  if (request.method !== 'GET') return false;
  const path = fullPath(request);
  if (path === `${restPrefix}/session`) return true;
  return !isRestPath(path) && request.accepts(['json', 'html']) === 'html';
}

/** Attaches the caller's session (and, when logged in, the user) to the request, starting one for a first page load. */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  constructor(
    private readonly sessions: SessionsService,
    private readonly identities: IdentityService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    try {
      const token = (request.cookies as Record<string, string> | undefined)?.[sessionCookieName];
      let session = await this.sessions.resolve(token);
      if (!session && startsSession(request)) {
        const started = await this.sessions.start(request.get('user-agent') ?? null);
        setSessionCookie(response, this.environment, started.token, 'visitor');
        session = started.session;
      }
      if (session) {
        request.serpwiseSession = session;
        const identity = session.userId ? await this.identities.load(session.userId) : null;
        if (identity) request.serpwiseIdentity = identity;
      }
      next();
    } catch (error) {
      next(error);
    }
  }
}
