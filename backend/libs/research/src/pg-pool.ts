import pg from 'pg';

/** Told about each connection the server dropped (for a log line); the pool has already discarded it. */
export type DroppedConnectionListener = (error: Error) => void;

/**
 * A node-postgres pool that survives the server dropping its connections (pg_terminate_backend, a restart, a cut
 * network). node-postgres reports a drop as an 'error' event on the client, and an 'error' event nobody listens to
 * ends the process. pg-pool listens only while a client is idle: a client taken with `pool.connect()` (a transaction,
 * a cursor, a COPY) has no listener while it is held. So every client gets one for its whole life; the query in
 * flight still rejects on its own, so its caller fails (a job retries, a request answers 503) and the next
 * `connect()` opens a fresh connection.
 */
export function openPgPool(config: pg.PoolConfig, onDropped: DroppedConnectionListener = () => undefined): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('connect', (client) => client.on('error', onDropped));
  // An idle client's error reaches both its own listener (above) and the pool's: report it once.
  pool.on('error', () => undefined);
  return pool;
}
