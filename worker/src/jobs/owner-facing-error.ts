import { types } from 'node:util';

/**
 * The words a job's owner sees for a failed attempt (the job list, the notice). Our own errors are written for them
 * ("No row could be imported: …"). An operating-system call's or PostgreSQL's error is not: it names the server's
 * paths and internals ("EEXIST: file already exists, mkdir '/srv/serpwise/.data/exports/…'"). The owner reads a
 * plain sentence instead; the administrators keep the error itself in the log line and in the job's story on the
 * console (BullMQ's failed reason and stack).
 */
export const serverProblemSentence = 'A problem on the server stopped it; the administrators have the details.';

export function ownerFacingErrorText(error: unknown): string {
  // isNativeError too: an error made in another context (Node's own, seen from a vm) is not `instanceof` this Error.
  if (!(error instanceof Error || types.isNativeError(error))) return String(error);
  return isSystemCallError(error) || isDatabaseError(error) ? serverProblemSentence : error.message;
}

/** Node's errors of a system call (a file, a socket) carry the call's name. */
const isSystemCallError = (error: Error) => typeof (error as { syscall?: unknown }).syscall === 'string';

/** PostgreSQL's errors (pg's DatabaseError) carry a severity and a five-character SQLSTATE. */
function isDatabaseError(error: Error): boolean {
  const { severity, code } = error as { severity?: unknown; code?: unknown };
  return typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}
