// @ts-check
import { runMigrations } from '@serpwise/database';
import { loadDemoMarket } from '@serpwise/research';
import pg from 'pg';

/**
 * A database of the bench's own on the server `serverUrl` names, migrated and holding a demo market of the given size
 * ('tiny' loads in seconds, 'demo' in minutes); `drop()` removes it (also with connections still open).
 * @param {string} serverUrl @param {string} label part of the database's name @param {'tiny' | 'demo'} size
 * @param {(line: string) => void} log
 */
export async function makeScratchMarket(serverUrl, label, size, log) {
  const name = `serpwise_bench_${label}_${Date.now().toString(36)}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  admin.on('error', (error) => log(`scratch database admin connection: ${error.message}`));
  await admin.connect();
  const drop = async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
  try {
    await admin.query(`create database "${name}"`);
    await runMigrations(url.toString());
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const loaded = await loadDemoMarket(client, { size });
      log(`scratch database ${name}: the ${size === 'demo' ? 'demo' : `${size} demo`} market loaded in ${loaded.seconds.toFixed(1)} s`);
    } finally {
      await client.end();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: url.toString(), name, drop };
}
