// @ts-check
/**
 * The research bench's cold figures (issue 27 point 4). Two kinds, and the bench says which one it measured:
 *
 * - `restarted PostgreSQL` — only when BENCH_COLD_PGDATA names the data folder of a PostgreSQL cluster the operator
 *   owns, holding a copy of the bench market (BENCH_COLD_DATABASE_URL: its URL). Before every cold round the bench
 *   restarts THAT cluster (`pg_ctl restart -m fast`: shared buffers, plan and catalog caches gone; the OS page cache
 *   is not dropped, which needs root), starting it first if it was stopped and stopping it again at the end then. It
 *   refuses a cluster that is the server DATABASE_URL names: the shared PostgreSQL is never stopped.
 * - `fresh connection` — otherwise: the first call on a new PostgreSQL connection after `DISCARD ALL`, with the app's
 *   in-process caches empty (a new API process each round). Shared buffers and the OS cache stay as warm as the
 *   other users of the shared server keep them: this is the cold of the app and of the connection, not of the disk.
 *
 * Either way each round starts a new API process and asks each path once (its first call there), and the overview's
 * research layer and psql each run on a connection of their own opened for the call, after `DISCARD ALL`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/**
 * The private cluster of BENCH_COLD_PGDATA, or null when none is given. Checks that it is not the shared server.
 * @param {{ pgdata: string | undefined, coldUrl: string | undefined, sharedUrl: string, log: (line: string) => void }} options
 */
export async function privateCluster({ pgdata, coldUrl, sharedUrl, log }) {
  if (!pgdata) return null;
  if (!coldUrl) throw new Error('BENCH_COLD_PGDATA is set without BENCH_COLD_DATABASE_URL (the URL of the bench market in that cluster)');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) throw new Error(`BENCH_COLD_PGDATA (${pgdata}) is not a PostgreSQL data folder`);
  // Never the shared server: checked before anything is started — not its address, not its data folder.
  const shared = new URL(sharedUrl);
  const cold = new URL(coldUrl);
  const ownFolder = realpathSync(pgdata);
  const sharedFolder = await dataDirectoryOf(sharedUrl);
  const host = (/** @type {URL} */ url) => (['', 'localhost', '127.0.0.1', '[::1]'].includes(url.hostname) ? 'local' : url.hostname);
  const sameAddress = host(shared) === host(cold) && (shared.port || '5432') === (cold.port || '5432');
  const refuse = () => new Error(`BENCH_COLD_PGDATA (${pgdata}) must be a cluster of its own answering at BENCH_COLD_DATABASE_URL, not the shared server DATABASE_URL names`);
  if (sameAddress || realFolder(sharedFolder) === ownFolder) throw refuse();
  // pg_ctl runs as the cluster's owner (it refuses root): run the bench as that user.
  const pgCtl = process.env.BENCH_PG_CTL ?? 'pg_ctl';
  const ctl = (/** @type {string[]} */ args) => execFileSync(pgCtl, ['-D', pgdata, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const running = () => {
    try {
      ctl(['status']);
      return true;
    } catch {
      return false;
    }
  };
  const wasRunning = running();
  if (!wasRunning) {
    log(`cold: starting the private cluster ${pgdata}`);
    ctl(['start', '-w', '-t', '120', '-l', join(pgdata, 'bench-cold.log')]);
  }
  // And the URL reaches this very cluster (its postmaster's port, its data folder).
  const coldFolder = await dataDirectoryOf(coldUrl);
  const postmasterPort = readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[3]?.trim();
  if ((coldFolder !== null && realFolder(coldFolder) !== ownFolder) || postmasterPort !== (cold.port || '5432')) {
    if (!wasRunning) ctl(['stop', '-m', 'fast', '-w']);
    throw refuse();
  }
  return {
    url: coldUrl,
    /** Restarts the private cluster: its shared buffers and caches start empty. */
    restart() {
      ctl(['restart', '-m', 'fast', '-w', '-t', '120', '-l', join(pgdata, 'bench-cold.log')]);
    },
    /** Leaves the cluster as it was found. */
    finish() {
      if (!wasRunning) ctl(['stop', '-m', 'fast', '-w']);
    },
  };
}

/** A folder's real path, or null when it is unknown or not on this machine. @param {string | null} folder */
const realFolder = (folder) => (folder !== null && existsSync(folder) ? realpathSync(folder) : null);

/** The server's data folder when the role may read it (superuser or pg_read_all_settings), else null. @param {string} url */
async function dataDirectoryOf(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return String((await client.query('show data_directory')).rows[0].data_directory);
  } catch {
    return null;
  } finally {
    await client.end();
  }
}
