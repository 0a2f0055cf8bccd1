// @ts-check
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { entryPoints, root, serviceNodeOptions } from '../../launcher/paths.mjs';
import { freePort } from '../../launcher/probe.mjs';
import { startService, stopService, waitForHealthy } from '../../launcher/processes.mjs';
import { cleanRedis } from './redis-keys.mjs';

/**
 * The built backend as `npm start` runs it, on the given database and a Redis key prefix of its own; with `worker`,
 * the built worker too (same prefix and data folder: the jobs the backend queues run there). `pids` are the node
 * processes themselves (for /proc/<pid>/status); `prefix` is their REDIS_PREFIX. Several nodes of one installation (scale
 * out): give each the same `prefix`, `dataDir` and `publicUrl` (the address the balancer would answer on); `env`
 * adds settings of the bench's own. `stop` removes the prefix's keys from the shared Redis when the prefix is this
 * function's own (a `prefix` given by the caller may be shared by other nodes still running: the caller cleans it).
 * @param {{ databaseUrl: string, redisUrl: string, worker?: boolean, dataDir?: string, prefix?: string, publicUrl?: string, env?: Record<string, string> }} options
 */
export async function startBackend({ databaseUrl, redisUrl, worker = false, dataDir, prefix: givenPrefix, publicUrl, env: extraEnv = {} }) {
  const prefix = givenPrefix ?? `swbench-${process.pid}-${randomUUID().slice(0, 8)}`;
  const [port, workerPort] = [await freePort(), await freePort()];
  const env = {
    // The bench's client is a program, faster than a person reads: the bot check (issue 25 point 4) would hold it
    // after 60 research calls in 10 s. It still counts every call (as in production), past a count no bench reaches,
    // as the tests do (infra/test/test-services.ts); the environment can set its own.
    BOT_CHECK_REQUESTS_PER_SESSION: '100000', BOT_CHECK_REQUESTS_PER_ADDRESS: '100000',
    ...process.env, ...extraEnv, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_PREFIX: prefix,
    PORT: String(port), PUBLIC_URL: publicUrl ?? `http://127.0.0.1:${port}`, WORKER_PORT: String(workerPort), ...(dataDir ? { DATA_DIR: dataDir } : {}),
  };
  const child = startService('backend', process.execPath, [...serviceNodeOptions.backend, entryPoints.backend], { cwd: root, env });
  // BENCH_WORKER_NODE_OPTIONS: extra Node options for the worker alone (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const workerExtra = (process.env.BENCH_WORKER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const workerChild = worker ? startService('worker', process.execPath, [...serviceNodeOptions.worker, ...workerExtra, entryPoints.worker], { cwd: root, env }) : null;
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopService(child);
    if (workerChild) await stopService(workerChild);
    if (!givenPrefix) await cleanRedis(redisUrl, `${prefix}:*`);
  };
  try {
    await waitForHealthy(`${baseUrl}/healthz`, child);
    if (workerChild) await waitForHealthy(`http://127.0.0.1:${workerPort}/healthz`, workerChild);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, prefix, pids: { backend: /** @type {number} */ (child.pid), worker: workerChild?.pid ?? null }, stop };
}

/** A browser stand-in: keeps the session cookie and the page's cross-site token. */
export class BenchClient {
  cookie = '';
  csrfToken = '';
  /** The account's e-mail, once signed up (fullUserClient). */
  email = '';

  constructor(/** @type {string} */ baseUrl) {
    this.baseUrl = baseUrl;
  }

  async open(path = '/') {
    const response = await this.request('GET', path, { accept: 'text/html' });
    this.csrfToken = /<meta name="csrf-token" content="([^"]*)">/.exec(await response.text())?.[1] ?? '';
  }

  /** @param {string} method @param {string} path @param {Record<string,string>} headers @param {unknown} [body] */
  async request(method, path, headers = {}, body) {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: { accept: 'application/json', ...(this.cookie ? { cookie: this.cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const session = /sw_sid=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    if (session) this.cookie = `sw_sid=${session}`;
    return response;
  }

  /** GET, timed from the request to the last byte of the body; fails on a non-2xx answer. */
  async timedGet(/** @type {string} */ path) {
    const started = performance.now();
    const response = await this.request('GET', path);
    const body = await response.text();
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 200)}`);
    return elapsed;
  }
}

/**
 * Signs up a throwaway account and makes it a full user, so tables answer whole pages (not the visitor teaser).
 * @param {string} baseUrl @param {string} databaseUrl
 */
export async function fullUserClient(baseUrl, databaseUrl) {
  const client = new BenchClient(baseUrl);
  await client.open('/freeaccount');
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  client.email = email;
  const registered = await client.request('POST', '/auth/registerfreeaccount', { 'x-csrf-token': client.csrfToken }, { email, password: 'bench-password', token: null, source: 'FreeAccount' });
  if (!registered.ok) throw new Error(`sign-up failed: ${registered.status} ${await registered.text()}`);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await pool.query(`update app_user set roles = '{full}', should_show_onboarding = false where email = $1`, [email]);
  } finally {
    await pool.end();
  }
  return client;
}

/**
 * Removes a throwaway account fullUserClient signed up in a database the bench must leave as it found it (the bench
 * market): its rows in every table with a user_id column (its jobs, sessions, quotas …), then the account.
 * @param {pg.Pool | pg.Client} db @param {string} email
 */
export async function removeBenchUser(db, email) {
  const { rows: users } = await db.query('select id from app_user where email = $1', [email]);
  const userId = users[0]?.id;
  if (!userId) return;
  const { rows: tables } = await db.query(
    `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id' and data_type = 'uuid'`);
  for (const { table_name: table } of tables) await db.query(`delete from "${table}" where user_id = $1`, [userId]);
  await db.query('delete from app_user where id = $1', [userId]);
}

