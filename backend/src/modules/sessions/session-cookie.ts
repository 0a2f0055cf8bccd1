import type { Environment } from '@serpwise/contracts';
import { sessionCookieName } from '@serpwise/contracts';
import type { CookieOptions, Response } from 'express';

const hour = 3600 * 1000;

/**
 * The session cookie: httpOnly, SameSite=Lax. A visitor's lasts SESSION_TTL_HOURS; a login without
 * 'Remember Me' is a browser-session cookie; with it, REMEMBER_ME_DAYS.
 */
export function sessionCookieOptions(environment: Environment, kind: 'visitor' | 'login' | 'remembered'): CookieOptions {
  const base: CookieOptions = { httpOnly: true, sameSite: 'lax', secure: environment.SESSION_COOKIE_SECURE, path: '/' };
  if (kind === 'login') return base;
  return { ...base, maxAge: kind === 'visitor' ? environment.SESSION_TTL_HOURS * hour : environment.REMEMBER_ME_DAYS * 24 * hour };
}

export function setSessionCookie(response: Response, environment: Environment, token: string, kind: 'visitor' | 'login' | 'remembered') {
  response.cookie(sessionCookieName, token, sessionCookieOptions(environment, kind));
}
