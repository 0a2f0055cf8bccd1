import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Environment } from '@serpwise/contracts';
import { loadDemoMarket } from '@serpwise/research';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { createApp } from '../../backend/src/create-app.js';
import { freePort } from '../launcher/probe.mjs';
import { createTestDatabase, createTestRedis, testEnvironment, type TestDatabase, type TestRedis } from './test-services.js';

/** The API running in the test process, on its own database, Redis prefix and data folder. */
export interface TestApp {
  database: TestDatabase;
  redis: TestRedis;
  app: NestExpressApplication;
  environment: Environment;
  baseUrl: string;
  /** Where mail lands without SMTP (one .eml file per message). */
  outboxDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the API for an integration test file. `tinyMarket` starts its database with the tiny demo market (a copy of
 * a template: much faster than loadTinyMarket); `seed` fills the database before the app starts (fixtures); stop()
 * closes the app and removes everything the file created.
 */
export async function startTestApp(
  options: {
    /** Settings over the test defaults; a function when they name the test database (e.g. DATABASE_READ_URL). */
    env?: Record<string, string> | ((database: TestDatabase) => Record<string, string>);
    seed?: (database: TestDatabase) => Promise<void>;
    tinyMarket?: boolean;
    serverUrl?: string;
  } = {},
): Promise<TestApp> {
  // serverUrl: a PostgreSQL of the test's own (e.g. a primary with a standby, replicated-postgres.ts); else the shared one.
  const database = await createTestDatabase({ serverUrl: options.serverUrl, tinyMarket: options.tinyMarket });
  // What stop() would undo, newest first: a failed start undoes it here, since the file never gets stop() (a Redis
  // connection or app left open kept the Jest worker from exiting, and the database stayed behind).
  const undo: Array<() => Promise<unknown>> = [() => database.drop()];
  try {
    await options.seed?.(database);
    const redis = createTestRedis();
    undo.unshift(() => redis.cleanup());
    // The port is chosen first so PUBLIC_URL (every link in mails and redirects) is this app's address.
    const port = await freePort();
    const env = typeof options.env === 'function' ? options.env(database) : options.env;
    const environment = testEnvironment(database, redis, { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env });
    const app = await createApp(environment, pino({ level: 'silent' }));
    undo.unshift(() => app.close());
    await app.listen(port, '127.0.0.1');
    const baseUrl = `http://127.0.0.1:${port}`;
    return {
      database,
      redis,
      app,
      environment,
      baseUrl,
      outboxDir: join(environment.DATA_DIR, 'outbox'),
      stop: async () => {
        await app.close();
        await rm(environment.DATA_DIR, { recursive: true, force: true });
        await redis.cleanup();
        await database.drop();
      },
    };
  } catch (error) {
    for (const step of undo) await step().catch(() => undefined);
    throw error;
  }
}

/** Loads the generated `tiny` demo market into a test database. */
export async function loadTinyMarket(database: TestDatabase): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await loadDemoMarket(client, { size: 'tiny' });
  } finally {
    await client.end();
  }
}

/** The messages in an outbox, newest first, with quoted-printable soft line breaks undone so links read whole. */
export async function outboxMails(outboxDir: string): Promise<string[]> {
  const files = (await readdir(outboxDir).catch(() => [] as string[])).sort().reverse();
  const texts = await Promise.all(files.map((file) => readFile(join(outboxDir, file), 'utf8')));
  return texts.map((text) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

/** The newest message to an address. */
export async function lastMailTo(outboxDir: string, address: string): Promise<string> {
  const mail = (await outboxMails(outboxDir)).find((text) => text.includes(`To: ${address}`));
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}
