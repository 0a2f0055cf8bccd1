import { createHash, randomBytes } from 'node:crypto';

/**
 * The token of a report's share link (issue 22 point 5): 32 random bytes as base64url, in the link only. What is
 * stored is its SHA-256, so a database reader cannot open anyone's report with what they read. Made by the API (the
 * owner's Share link) and by the worker (the link of a report e-mail).
 */
export const shareTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function newShareToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: shareTokenHash(token) };
}
