import type { Environment } from '@serpwise/contracts';
import type { Redis } from 'ioredis';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type LinkCheck = 'valid' | 'invalid' | 'expired';

/**
 * Expiring signed download links. The signature covers the path, the one user who may use it and the expiry, so a
 * link copied to someone else, altered, or used late is refused (the download route also checks the session's user).
 */
export class DownloadLinks {
  constructor(
    private readonly secret: Buffer,
    readonly ttlMs: number,
  ) {}

  /**
   * FILE_LINK_SECRET when set; otherwise one random secret, made by the first process that asks and kept in Redis,
   * so every API node and worker signs and checks alike.
   */
  static async create(environment: Environment, redis: Redis): Promise<DownloadLinks> {
    const ttlMs = environment.EXPORT_LINK_TTL_MINUTES * 60_000;
    if (environment.FILE_LINK_SECRET) return new DownloadLinks(Buffer.from(environment.FILE_LINK_SECRET), ttlMs);
    const key = `${environment.REDIS_PREFIX}:file-link-secret`;
    await redis.set(key, randomBytes(32).toString('base64url'), 'NX');
    const secret = await redis.get(key);
    if (!secret) throw new Error('Could not read the download-link secret from Redis');
    return new DownloadLinks(Buffer.from(secret), ttlMs);
  }

  private signature(path: string, userId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${path}\n${userId}\n${expires}`).digest('base64url');
  }

  sign(path: string, userId: string, now = Date.now()): { url: string; expiresAt: string } {
    return this.signFor(path, userId, this.ttlMs, now);
  }

  /** A link for a subject that is not a logged-in user (a report e-mail's reader: 'mail'), valid for `ttlMs`. */
  signFor(path: string, subject: string, ttlMs: number, now = Date.now()): { url: string; expiresAt: string } {
    const expires = Math.floor((now + ttlMs) / 1000);
    return { url: `${path}?expires=${expires}&signature=${this.signature(path, subject, expires)}`, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** A signature of a text that does not expire (an unsubscribe token names whom it stops, and nothing else). */
  seal(text: string): string {
    return createHmac('sha256', this.secret).update(`sealed\n${text}`).digest('base64url');
  }

  isSealed(text: string, signature: string): boolean {
    const expected = Buffer.from(this.seal(text));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  check(path: string, userId: string, expires: unknown, signature: unknown, now = Date.now()): LinkCheck {
    const seconds = Number(expires);
    if (typeof signature !== 'string' || !Number.isInteger(seconds)) return 'invalid';
    const expected = Buffer.from(this.signature(path, userId, seconds));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return seconds * 1000 < now ? 'expired' : 'valid';
  }
}
