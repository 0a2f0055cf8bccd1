import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, redisAnswers } from './probe.mjs';
import { resolvePostgres } from './postgres.mjs';
import { redisMissingMessage, resolveRedis } from './redis.mjs';

jest.setTimeout(120_000);

/** @type {string[]} */
const folders = [];
async function scratchFolder() {
  const folder = await mkdtemp(join(tmpdir(), 'sw-launcher-'));
  folders.push(folder);
  return folder;
}
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('PostgreSQL discovery', () => {
  it('starts the embedded server when nothing answers on the configured port, and it works', async () => {
    const silentPort = await freePort();
    const dataDir = await scratchFolder();
    const postgres = await resolvePostgres({
      localProbeUrl: `postgresql://postgres@127.0.0.1:${silentPort}/postgres`,
      dataDir,
      embeddedPort: await freePort(),
      database: 'serpwise_fallback_test',
    });
    try {
      expect(postgres.source).toBe('embedded');
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      const { rows } = await client.query('select current_database() as name, 6 * 7 as answer');
      await client.end();
      expect(rows[0]).toEqual({ name: 'serpwise_fallback_test', answer: 42 });
    } finally {
      await postgres.stop();
    }
  });

  it('uses the local server when one answers', async () => {
    const postgres = await resolvePostgres({ dataDir: await scratchFolder(), database: 'serpwise_probe_test' });
    expect(postgres.source).toBe('local');
    expect(postgres.url).toMatch(/\/serpwise_probe_test$/);
    const client = new pg.Client({ connectionString: postgres.url.replace(/serpwise_probe_test$/, 'postgres') });
    await client.connect();
    await client.query('drop database if exists serpwise_probe_test');
    await client.end();
  });

  it('says so plainly when DATABASE_URL points at nothing', async () => {
    const port = await freePort();
    await expect(resolvePostgres({ databaseUrl: `postgresql://postgres@127.0.0.1:${port}/x`, dataDir: await scratchFolder() })).rejects.toThrow(
      /DATABASE_URL is set but PostgreSQL does not answer there/,
    );
  });
});

describe('Redis discovery', () => {
  it('starts redis-server from the PATH when nothing answers, with its data under the data folder', async () => {
    const dataDir = await scratchFolder();
    const redis = await resolveRedis({ localProbeUrl: `redis://127.0.0.1:${await freePort()}`, dataDir, managedPort: await freePort() });
    try {
      expect(redis.source).toBe('managed');
      expect(await redisAnswers(redis.url)).toBe(true);
    } finally {
      await redis.stop();
    }
    expect(await redisAnswers(redis.url)).toBe(false);
  });

  it('stops with a message saying how to get Redis when there is none', async () => {
    await expect(
      resolveRedis({ localProbeUrl: `redis://127.0.0.1:${await freePort()}`, dataDir: await scratchFolder(), redisServerCommand: 'redis-server-that-is-not-installed' }),
    ).rejects.toThrow(redisMissingMessage);
  });
});
