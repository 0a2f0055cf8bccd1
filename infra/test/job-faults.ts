import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForHealthy } from '../launcher/processes.mjs';
import { freePort } from '../launcher/probe.mjs';
import { processHealthyWithinMs } from './test-services.js';

/**
 * Real faults for the job chaos tests (issue 16, points 2 and 3): worker processes of our own that a test can pause
 * (SIGSTOP: a long GC pause or a frozen VM, so the job's lock expires while the run still holds its work), kill
 * (SIGKILL) and resume; a slow database link, so a job is still running when the fault comes; and a redis-server of
 * our own that can be restarted without persistence. Never the shared PostgreSQL or Redis: only what we start here.
 */

const workerEntry = fileURLToPath(new URL('../../worker/dist/main.js', import.meta.url));
const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
/** /metrics is served only with a bearer token (METRICS_TOKEN): each test worker gets this one. */
const metricsToken = 'job-faults-metrics-token-0123456789';

/** One worker process (the built worker/dist/main.js) with an environment of its own. */
export class WorkerProcess {
  private readonly logs: string[] = [];

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    const keep = (chunk: Buffer) => this.logs.push(chunk.toString());
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  /** Starts a worker on a free port and waits for its /healthz. */
  static async start(name: string, env: NodeJS.ProcessEnv): Promise<WorkerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [workerEntry], { env: { ...env, WORKER_PORT: String(port), METRICS_TOKEN: metricsToken }, stdio: ['ignore', 'pipe', 'pipe'] });
    const worker = new WorkerProcess(name, child, port);
    try {
      await waitForHealthy(`http://127.0.0.1:${port}/healthz`, child, processHealthyWithinMs);
    } catch (error) {
      child.kill('SIGKILL');
      throw new Error(`${(error as Error).message}\n${worker.output()}`, { cause: error });
    }
    return worker;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Still running (a paused process is alive). */
  get alive(): boolean {
    return !exited(this.child);
  }

  output(): string {
    return `[${this.name}] ${this.logs.join('').slice(-3000)}`;
  }

  /** SIGSTOP: frozen mid-work, its lock on the job is no longer extended. */
  pause(): void {
    this.child.kill('SIGSTOP');
  }

  resume(): void {
    this.child.kill('SIGCONT');
  }

  /** SIGKILL: dies with no chance to clean up, as in a crash or an OOM kill. */
  async kill(): Promise<void> {
    if (!this.alive) return;
    const gone = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGCONT');
    this.child.kill('SIGKILL');
    await gone;
  }

  /** SIGTERM (after SIGCONT, so a paused one can act on it), SIGKILL if it takes too long. */
  async stop(): Promise<void> {
    if (!this.alive) return;
    const gone = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGCONT');
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await gone;
    clearTimeout(timer);
  }

  /** serpwise_jobs_finished_total of this worker, by outcome (completed, failed, superseded …). */
  async finishedJobs(name: string): Promise<Record<string, number>> {
    const text = await (await fetch(`http://127.0.0.1:${this.port}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    const outcomes: Record<string, number> = {};
    for (const match of text.matchAll(/^serpwise_jobs_finished_total\{([^}]*)\} (\d+)/gm)) {
      const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((label) => [label[1], label[2]]));
      if (labels.name === name) outcomes[labels.outcome!] = (outcomes[labels.outcome!] ?? 0) + Number(match[2]);
    }
    return outcomes;
  }
}

/**
 * A TCP proxy in front of PostgreSQL that passes the server's answers at most `bytesPerSecond`: a slow database
 * link, so an export takes seconds and is still writing when a test pauses or kills its worker.
 */
export class SlowLink {
  private constructor(
    private readonly server: Server,
    private readonly sockets: Set<Socket>,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }, bytesPerSecond: number): Promise<SlowLink> {
    const sockets = new Set<Socket>();
    const server = createServer((client) => {
      const upstream = createConnection(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream);
      upstream.on('data', (chunk: Buffer) => {
        client.write(chunk);
        upstream.pause();
        setTimeout(() => upstream.resume(), Math.ceil((chunk.length / bytesPerSecond) * 1000));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new SlowLink(server, sockets, (server.address() as { port: number }).port);
  }

  /** The same database URL, through this link. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/**
 * A redis-server of our own on a free port, without persistence (no RDB, no AOF): stopping it loses every queued
 * job, which is the hardest case for the worker (its reconciler must queue them again from PostgreSQL).
 */
export class OwnRedis {
  private child: ChildProcess | undefined;
  private readonly dir = mkdtempSync(join(tmpdir(), 'serpwise-chaos-redis-'));

  private constructor(readonly port: number) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.startServer();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** (Re)starts the server on the same port, empty; waits until it answers PING. */
  async startServer(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const deadline = Date.now() + 20_000;
    while (!(await this.answers())) {
      if (exited(child)) throw new Error(`redis-server on port ${this.port} exited with code ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`redis-server on port ${this.port} never answered`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** SIGKILL: gone at once, with everything it held. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || exited(child)) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }

  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private answers(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = createConnection(this.port, '127.0.0.1');
      const done = (answer: boolean) => {
        socket.destroy();
        resolve(answer);
      };
      socket.setTimeout(1000, () => done(false));
      socket.on('error', () => done(false));
      socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
      socket.on('connect', () => socket.write('PING\r\n'));
    });
  }
}
