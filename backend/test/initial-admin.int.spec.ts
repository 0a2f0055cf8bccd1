import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { createApp } from '../src/create-app.js';
import { freePort } from '../../infra/launcher/probe.mjs';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, testEnvironment } from '../../infra/test/test-services.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';

/**
 * Issue 26 point 1: docker-compose creates the first administrator from ADMIN_EMAIL and ADMIN_PASSWORD when the API
 * starts; starting again (or several API nodes at once) changes nothing, and an account that exists is never changed.
 */

const adminEmail = 'first-admin@example.com';
const adminPassword = 'first admin password';
let testApp: TestApp;

/** Starts another API on the test app's database and Redis prefix with these variables, returns its address. */
async function startAnotherApi(overrides: Record<string, string>) {
  const port = await freePort();
  const app = await createApp(testEnvironment(testApp.database, testApp.redis, { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...overrides }), pino({ level: 'silent' }));
  await app.listen(port, '127.0.0.1');
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

const accountsWith = async (email: string) =>
  testApp.database.query<{ roles: string[] }>('select roles from app_user where email = $1', [email]);

beforeAll(async () => {
  testApp = await startTestApp({ env: { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword } });
}, setUpTimeoutMs);

afterAll(async () => {
  await testApp?.stop();
}, setUpTimeoutMs);

describe('the first administrator (ADMIN_EMAIL, ADMIN_PASSWORD)', () => {
  it('is created on the first start, and can log in and open the admin pages', async () => {
    expect(await accountsWith(adminEmail)).toEqual([{ roles: ['full', 'admin'] }]);
    const admin = await loggedInSession(testApp.baseUrl, { id: '', email: adminEmail, password: adminPassword });
    expect((await admin.get('/rest/admin/queues')).status).toBe(200);
  });

  it('is left as it is by later starts, even two at once with another password', async () => {
    await testApp.database.query("update app_user set name = 'Changed by the admin' where email = $1", [adminEmail]);
    const others = await Promise.all([1, 2].map(() => startAnotherApi({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: 'another password' })));
    try {
      expect(await accountsWith(adminEmail)).toHaveLength(1);
      expect((await testApp.database.query<{ name: string }>('select name from app_user where email = $1', [adminEmail]))[0]!.name).toBe('Changed by the admin');
      // The password set at creation still works; the later one does not.
      await loggedInSession(others[0]!.baseUrl, { id: '', email: adminEmail, password: adminPassword });
      await expect(loggedInSession(others[1]!.baseUrl, { id: '', email: adminEmail, password: 'another password' })).rejects.toThrow(/login failed .* 401/);
    } finally {
      await Promise.all(others.map(({ app }) => app.close()));
    }
  }, setUpTimeoutMs);

  it('never makes an admin of an account that someone registered with that e-mail first', async () => {
    const squatter = await createTestUser(testApp.database, { email: 'taken-admin@example.com', roles: ['free'] });
    const other = await startAnotherApi({ ADMIN_EMAIL: squatter.email, ADMIN_PASSWORD: adminPassword });
    try {
      expect(await accountsWith(squatter.email)).toEqual([{ roles: ['free'] }]);
      const session = await loggedInSession(other.baseUrl, squatter);
      expect((await session.get('/rest/admin/queues')).status).toBe(403);
    } finally {
      await other.app.close();
    }
  }, setUpTimeoutMs);

  it('is not made without the variables', async () => {
    const other = await startAnotherApi({});
    try {
      expect(await testApp.database.query('select 1 from app_user')).toHaveLength(2);
    } finally {
      await other.app.close();
    }
  }, setUpTimeoutMs);
});
