// @ts-check
import pg from 'pg';

/**
 * `use` on a connection of its own to `url`, ended after it (a bench's one-off statements: a checkpoint, a fingerprint,
 * a scratch database made or dropped).
 * @template T @param {string} url @param {(client: pg.Client) => Promise<T>} use @returns {Promise<T>}
 */
export async function withConnection(url, use) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
