import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForHealthy } from '../launcher/processes.mjs';
import { freePort } from '../launcher/probe.mjs';
import { createTestDatabase, createTestRedis, generousTestLimits, processHealthyWithinMs, testRedisUrl, type TestDatabase, type TestRedis } from './test-services.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const entry = { backend: join(root, 'backend/dist/main.js'), worker: join(root, 'worker/dist/main.js') };

/** Node's on-disk cache of the compiled backend and worker (NODE_COMPILE_CACHE), shared by every test's processes. */
const compileCacheDir = join(root, '.data', 'node-compile-cache');

/** Waits like the launcher does, adding the processes' output to the error so a failing test says why. */
async function waitHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  try {
    await waitForHealthy(url, child, processHealthyWithinMs);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${output()}`, { cause: error });
  }
}

/** How a process ended: its exit code, or the signal that ended it. */
export interface ProcessEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
}

async function terminate(child: ChildProcess | undefined, graceMs = 10_000): Promise<ProcessEnd | null> {
  if (!child) return null;
  if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, signal: child.signalCode };
  const exited = new Promise<ProcessEnd>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The product as `npm start` runs it (the built backend and worker as separate processes), on a database and a
 * Redis prefix of its own. End-to-end tests get one each and can kill and restart the worker.
 */
export class TestStack {
  private backend?: ChildProcess;
  private worker?: ChildProcess;
  private readonly logs: string[] = [];

  private constructor(
    readonly database: TestDatabase,
    readonly redis: TestRedis,
    readonly env: NodeJS.ProcessEnv,
    readonly baseUrl: string,
  ) {}

  /**
   * `overrides` go into both processes' environment; `postgresServerUrl` puts the database on another server;
   * `tinyMarket` starts it with the tiny demo market already loaded (as `npm start` loads demo data before the app).
   */
  static async start(overrides: Record<string, string> = {}, options: { postgresServerUrl?: string; tinyMarket?: boolean } = {}): Promise<TestStack> {
    const database = await createTestDatabase({ serverUrl: options.postgresServerUrl, tinyMarket: options.tinyMarket });
    const redis = createTestRedis();
    const port = await freePort();
    const workerPort = await freePort();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WORKER_PORT: String(workerPort),
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl,
      REDIS_PREFIX: redis.prefix,
      DATA_DIR: `/tmp/serpwise-e2e-${redis.prefix}`,
      LOG_LEVEL: 'warn',
      // Node keeps the compiled code of the built backend and worker here, so each of the suite's ~100 starts after
      // the first skips compiling them (a quarter of a start's CPU). Node rebuilds an entry whose file changed.
      NODE_COMPILE_CACHE: compileCacheDir,
      ...generousTestLimits,
      ...overrides,
    };
    const stack = new TestStack(database, redis, env, `http://127.0.0.1:${port}`);
    try {
      // Side by side: each has its own database connection and Redis prefix, and neither waits for the other.
      const started = await Promise.allSettled([stack.startBackend(), stack.startWorker()]);
      const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (failed) throw failed.reason;
    } catch (error) {
      // The file never gets the stack to stop: without this its Redis connection (and a started process) kept the
      // Jest worker from exiting, and its database stayed behind.
      await stack.stop().catch(() => undefined);
      throw error;
    }
    return stack;
  }

  private spawn(name: string, script: string): ChildProcess {
    const child = spawn(process.execPath, [script], { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => this.logs.push(`[${name}] ${chunk.toString()}`);
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return child;
  }

  output(): string {
    return this.logs.join('').slice(-4000);
  }

  /** Everything the backend and the worker have written so far (a test searches it for secrets). */
  fullOutput(): string {
    return this.logs.join('');
  }

  async startBackend(): Promise<void> {
    this.backend = this.spawn('backend', entry.backend);
    await waitHealthy(`${this.baseUrl}/healthz`, this.backend, () => this.output());
  }

  async startWorker(): Promise<void> {
    this.worker = this.spawn('worker', entry.worker);
    await waitHealthy(`http://127.0.0.1:${this.env.WORKER_PORT}/healthz`, this.worker, () => this.output());
  }

  /** The processes' ids while they run (null once exited): a chaos test checks that a fault killed neither. */
  pids(): { backend: number | null; worker: number | null } {
    const running = (child?: ChildProcess) => (child && child.exitCode === null && child.signalCode === null ? (child.pid ?? null) : null);
    return { backend: running(this.backend), worker: running(this.worker) };
  }

  get workerUrl(): string {
    return `http://127.0.0.1:${this.env.WORKER_PORT}`;
  }

  /** SIGKILL: the worker dies mid-job with no chance to clean up, as in a crash or an OOM kill. */
  async killWorker(): Promise<void> {
    const worker = this.worker;
    if (!worker || worker.exitCode !== null) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.kill('SIGKILL');
    await exited;
  }

  /**
   * Stops both processes as a service manager does (SIGTERM; SIGKILL for one still running after `graceMs`), then
   * removes the database and the Redis keys. Says how each process ended: a SIGKILL there means it did not stop.
   */
  async stop(options: { graceMs?: number } = {}): Promise<{ worker: ProcessEnd | null; backend: ProcessEnd | null }> {
    const worker = await terminate(this.worker, options.graceMs);
    const backend = await terminate(this.backend, options.graceMs);
    await this.redis.cleanup();
    await this.database.drop();
    return { worker, backend };
  }
}
