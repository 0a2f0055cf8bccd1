// @ts-check
import { resolve } from 'node:path';
import { entryPoints, root, serviceNodeOptions, webDir } from './paths.mjs';
import { resolvePostgres, redact } from './postgres.mjs';
import { resolveRedis } from './redis.mjs';
import { runStep, startService, waitForHealthy } from './processes.mjs';
import { supervise } from './supervisor.mjs';

const say = (/** @type {string} */ line) => console.log(`[serpwise] ${line}`);

/** Builds the code: TypeScript project references, then the web app. */
export async function build() {
  say('Building (TypeScript and the web app)…');
  const env = { ...process.env };
  await runStep(process.execPath, [entryPoints.tsc, '-b'], { cwd: root, env, label: 'TypeScript build' });
  await runStep(process.execPath, [entryPoints.vite, 'build', '--logLevel', 'warn'], { cwd: webDir, env, label: 'Web build' });
}

/**
 * Fills an empty research warehouse with the demo market (about a minute), so a fresh install has data to show.
 * Skipped when the warehouse holds anything (demo data from an earlier start, imports) or SERPWISE_DEMO_DATA=off.
 * @param {NodeJS.ProcessEnv} env
 */
async function loadDemoDataIfEmpty(env) {
  if (env.SERPWISE_DEMO_DATA === 'off') return;
  await runStep(process.execPath, [entryPoints.loadDemoMarket, '--size', 'demo', '--if-empty'], {
    cwd: root,
    env,
    label: 'Loading the demo data',
    onLine: (line) => say(line),
  });
}

/**
 * `npm start`: build, find or start PostgreSQL and Redis, migrate, then run the backend and the worker until Ctrl-C.
 */
export async function run() {
  const dataDir = resolve(root, process.env.DATA_DIR ?? '.data');
  const port = Number(process.env.PORT ?? 3000);
  // Mails and redirects link here (never to the request's Host header); the address printed below is this one.
  const publicUrl = (process.env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  /** @type {Array<() => Promise<void>>} */
  const cleanups = [];
  /** @type {Array<ReturnType<typeof supervise>>} */
  const services = [];
  let stopping = false;

  async function stopAll(/** @type {number} */ code) {
    if (stopping) return;
    stopping = true;
    say('Stopping…');
    await Promise.all(services.map((service) => service.stop()));
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => say(`cleanup: ${error.message}`));
    say('Stopped.');
    process.exit(code);
  }
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  try {
    await build();
    const postgres = await resolvePostgres({ databaseUrl: process.env.DATABASE_URL, dataDir, log: say });
    cleanups.push(postgres.stop);
    const redis = await resolveRedis({ redisUrl: process.env.REDIS_URL, dataDir, log: say });
    cleanups.push(redis.stop);

    const env = {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      WORKER_PORT: process.env.WORKER_PORT ?? String(port + 1),
      DATA_DIR: dataDir,
    };
    say('Migrating the database…');
    const migrated = await runStep(process.execPath, [entryPoints.migrate], { cwd: root, env, label: 'Migration' });
    say(migrated.trim().split('\n').at(-1) ?? '');
    const seeded = await runStep(process.execPath, [entryPoints.seedDemoUsers], { cwd: root, env, label: 'Demo users' });
    say(seeded.trim().split('\n').at(-1) ?? '');
    await loadDemoDataIfEmpty(env);

    // A crashed backend or worker is started again with a growing pause; five crashes within a minute stop everything.
    const keepRunning = (/** @type {'backend' | 'worker'} */ name, /** @type {string} */ entryPoint) =>
      supervise({
        name,
        start: () => startService(name, process.execPath, [...serviceNodeOptions[name], entryPoint], { cwd: root, env }),
        log: say,
        // The supervisor has printed why; stop as a failed start would.
        onGiveUp: () => void stopAll(1),
      });
    const backend = keepRunning('backend', entryPoints.backend);
    const worker = keepRunning('worker', entryPoints.worker);
    services.push(backend, worker);

    await Promise.all([
      waitForHealthy(`http://127.0.0.1:${port}/healthz`, backend),
      waitForHealthy(`http://127.0.0.1:${env.WORKER_PORT}/healthz`, worker),
    ]);
    say(`PostgreSQL: ${redact(postgres.url)} (${postgres.source}) · Redis: ${redis.url} (${redis.source})`);
    say(`Serpwise is running at ${publicUrl}  (Ctrl-C to stop)`);
  } catch (error) {
    console.error(`\n[serpwise] ${error instanceof Error ? error.message : String(error)}\n`);
    await stopAll(1);
  }
}
