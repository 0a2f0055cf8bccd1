// @ts-check
import { spawn, spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { redisAnswers } from './probe.mjs';

export const defaultLocalRedisUrl = 'redis://127.0.0.1:6379';
export const defaultManagedRedisPort = 6380;

export const redisMissingMessage = [
  'Redis was not found: nothing answers on 127.0.0.1:6379 and there is no redis-server on the PATH.',
  'Install it (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis),',
  'or point REDIS_URL at a running Redis 6.2 or newer, then run npm start again.',
].join('\n');

/** @typedef {{ url: string, source: 'env' | 'local' | 'managed', stop: () => Promise<void> }} ResolvedRedis */

/**
 * Finds Redis the way `npm start` promises: REDIS_URL if set; else 127.0.0.1:6379 if it answers; else a
 * `redis-server` from the PATH with its data (append-only file) under `<dataDir>/redis`; else a clear error.
 * @param {{ redisUrl?: string, localProbeUrl?: string, dataDir: string, managedPort?: number,
 *           redisServerCommand?: string, log?: (line: string) => void }} options
 * @returns {Promise<ResolvedRedis>}
 */
export async function resolveRedis(options) {
  const log = options.log ?? (() => undefined);
  const nothingToStop = async () => undefined;
  if (options.redisUrl) {
    if (!(await redisAnswers(options.redisUrl))) throw new Error(`REDIS_URL is set but Redis does not answer there (${options.redisUrl}).`);
    return { url: options.redisUrl, source: 'env', stop: nothingToStop };
  }
  const probeUrl = options.localProbeUrl ?? defaultLocalRedisUrl;
  if (await redisAnswers(probeUrl)) {
    log(`Redis: using the server at ${probeUrl}`);
    return { url: probeUrl, source: 'local', stop: nothingToStop };
  }
  const command = options.redisServerCommand ?? 'redis-server';
  if (spawnSync(command, ['--version']).status !== 0) throw new Error(redisMissingMessage);
  return startManagedRedis({ command, dataDir: options.dataDir, port: options.managedPort ?? defaultManagedRedisPort, log });
}

/**
 * @param {{ command: string, dataDir: string, port: number, log: (line: string) => void }} options
 * @returns {Promise<ResolvedRedis>}
 */
async function startManagedRedis({ command, dataDir, port, log }) {
  const dir = join(resolve(dataDir), 'redis');
  await mkdir(dir, { recursive: true });
  log(`Redis: nothing answers on 127.0.0.1:6379; starting ${command} on port ${port} with data under ${dir}`);
  const child = spawn(
    command,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--maxmemory-policy', 'noeviction', '--save', ''],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${command} exited at start (code ${child.exitCode}); is port ${port} taken?`);
    if (await redisAnswers(url)) {
      return {
        url,
        source: 'managed',
        stop: async () => {
          child.kill('SIGTERM');
          await new Promise((done) => (child.exitCode !== null ? done(undefined) : child.once('exit', done)));
        },
      };
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`${command} did not answer on port ${port} within 5 seconds.`);
}
