import { createHash, timingSafeEqual } from 'node:crypto';
import { scraperTokenOf, type Environment } from '@serpwise/contracts';
import type { CookieOptions } from 'express';

/**
 * The seed cookie's value for a session: one-way from the session cookie's token (docs/product/site.md §7 "the hash
 * uses a session cookie"), so the page can hash with it while the session token itself stays httpOnly.
 */
export const scraperSeedOf = (sessionToken: string): string => createHash('sha256').update(`serpwise-scraper-seed:${sessionToken}`).digest('hex');

export type ScraperTokenVerdict = 'valid' | 'missing' | 'stale' | 'mismatch';

export interface ScraperTokenCheck {
  /** The session cookie's token, when the request has a live session. */
  sessionToken: string | undefined;
  token: string | undefined;
  date: string | undefined;
  now: number;
  maxAgeSeconds: number;
}

/**
 * Whether a research call's hash token is the one its session and request date give: hex SHA-256 of
 * `${seed}:${date}` (scraperTokenOf), with the date within maxAgeSeconds of the server's clock either way.
 */
export function verifyScraperToken(check: ScraperTokenCheck): ScraperTokenVerdict {
  if (!check.sessionToken || !check.token || !check.date) return 'missing';
  const at = Date.parse(check.date);
  if (!Number.isFinite(at) || Math.abs(check.now - at) > check.maxAgeSeconds * 1000) return 'stale';
  const expected = Buffer.from(scraperTokenOf(scraperSeedOf(check.sessionToken), check.date));
  const given = Buffer.from(check.token.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'valid' : 'mismatch';
}

/** The seed cookie: readable by the page (it hashes with it), SameSite=Lax, for the browser session. */
export const scraperSeedCookieOptions = (environment: Environment): CookieOptions => ({ httpOnly: false, sameSite: 'lax', secure: environment.SESSION_COOKIE_SECURE, path: '/' });
