import type { Environment } from '@serpwise/contracts';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Keys a GOOGLE_TOKEN_KEY may be written as: 64 hex characters or base64 of 32 bytes. */
const keyOf = (text: string): Buffer => {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('GOOGLE_TOKEN_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
};

/**
 * Encrypts stored Google refresh tokens (AES-256-GCM). The user id is the associated data: a token row copied to
 * another user fails authentication instead of lending that user someone's Google Drive. The key is
 * GOOGLE_TOKEN_KEY, else derived (HKDF-SHA-256) from GOOGLE_CLIENT_SECRET — a secret every node already has and
 * without which a refresh token is useless anyway.
 */
export class GoogleTokenCipher {
  private constructor(private readonly key: Buffer) {}

  static fromEnvironment(environment: Pick<Environment, 'GOOGLE_TOKEN_KEY' | 'GOOGLE_CLIENT_SECRET'>): GoogleTokenCipher | null {
    if (environment.GOOGLE_TOKEN_KEY) return new GoogleTokenCipher(keyOf(environment.GOOGLE_TOKEN_KEY));
    if (!environment.GOOGLE_CLIENT_SECRET) return null;
    return new GoogleTokenCipher(Buffer.from(hkdfSync('sha256', environment.GOOGLE_CLIENT_SECRET, 'serpwise', 'google-refresh-token', 32)));
  }

  encrypt(userId: string, token: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(userId));
    const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The token, or null when the blob was not made for this user with this key. */
  decrypt(userId: string, blob: string): string | null {
    try {
      const bytes = Buffer.from(blob, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
