/**
 * Which backing service an error says is out of reach: PostgreSQL (a dropped connection, a restart, a refused
 * connect) or Redis (a fail-fast connection that is down, @serpwise/platform redis/). Such a request answers 503 with a plain
 * sentence and the process carries on; the next request works once the service answers again.
 */
export type UnavailableService = 'database' | 'redis';

export const unavailableMessages: Record<UnavailableService, string> = {
  database: 'The database is not answering right now. Please try again in a moment.',
  redis: 'The job queue and login limits (Redis) are not answering right now. Please try again in a moment.',
};

/** Seconds a client is asked to wait (Retry-After) before trying again. */
export const unavailableRetryAfterSeconds = 5;

/** SQLSTATE classes and codes of a lost or refused connection: 08 connection exception, 57P0x shutdown/restart, 53300 too many connections. */
const databaseStates = /^(08...|57P0[1-4]|53300)$/;
/** node-postgres's own words for a dead connection or a failed connect. */
const databaseMessages = /^(Connection terminated|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable)/;
/**
 * Socket errors of a failed connect, thrown as they are by node-postgres (and copied onto MikroORM's exception).
 * Only the outermost error counts: an outgoing HTTP call (fetch) carries the same codes in its `cause`.
 */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** ioredis's rejections on a fail-fast connection: offline (no offline queue), dropped mid-command, or too slow. */
const redisMessages = /enableOfflineQueue options is false|^Connection is closed\.|^Command timed out|^Reached the max retries per request limit/;

/** The error and its causes (MikroORM keeps the driver's error as the same object's fields, others as `cause`). */
function* chainOf(error: unknown): Generator<{ name?: unknown; message?: unknown; code?: unknown }> {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    yield current as { name?: unknown; message?: unknown; code?: unknown };
  }
}

export function unavailableServiceOf(error: unknown): UnavailableService | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && socketCodes.has(code)) return 'database';
  for (const link of chainOf(error)) {
    const message = typeof link.message === 'string' ? link.message : '';
    // RedisUnavailableError: @serpwise/platform, redis/redis-connection.ts.
    if (link.name === 'RedisUnavailableError' || link.name === 'MaxRetriesPerRequestError' || redisMessages.test(message)) return 'redis';
    if (link.name === 'ConnectionException') return 'database';
    if (typeof link.code === 'string' && databaseStates.test(link.code)) return 'database';
    if (databaseMessages.test(message)) return 'database';
  }
  return null;
}
