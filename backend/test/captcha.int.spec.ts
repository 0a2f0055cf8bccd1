import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { authMessages } from '@serpwise/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { HttpSession } from '../../infra/test/http-session.js';
import { createTestUser } from '../../infra/test/test-users.js';

jest.setTimeout(60_000);

// A stand-in for the captcha provider at its HTTP boundary: it answers like reCAPTCHA's siteverify.
const verifications: URLSearchParams[] = [];
const provider: Server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const form = new URLSearchParams(body);
    verifications.push(form);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ success: form.get('secret') === 'test-secret' && form.get('response') === 'human-token' }));
  });
});

let testApp: TestApp;
let database: TestDatabase;
let baseUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const verifyUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/siteverify`;
  testApp = await startTestApp({ env: { CAPTCHA_SECRET: 'test-secret', CAPTCHA_SITE_KEY: 'test-site-key', CAPTCHA_VERIFY_URL: verifyUrl } });
  ({ database, baseUrl } = testApp);
}, setUpTimeoutMs);

afterAll(async () => {
  await testApp?.stop();
  await new Promise((resolve) => provider.close(resolve));
}, setUpTimeoutMs);

describe('captcha, when a secret is configured', () => {
  it('tells the login and sign-up panels the site key and script to ask tokens with', async () => {
    const settings = await (await fetch(`${baseUrl}/rest/auth/settings`)).json();
    expect(settings).toEqual({ captchaEnabled: true, siteKey: 'test-site-key', scriptUrl: 'https://www.google.com/recaptcha/api.js' });
  });

  it('refuses a login without a token or with a rejected one, and accepts a verified one', async () => {
    const user = await createTestUser(database);
    const browser = new HttpSession(baseUrl);
    await browser.open('/auth/login');
    for (const token of [null, 'robot-token']) {
      const refused = await browser.post('/auth/login', { username: user.email, password: user.password, token });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { data: { errors: string[] } }).data.errors).toEqual([authMessages.captchaFailed]);
    }
    const accepted = await browser.post('/auth/login', { username: user.email, password: user.password, token: 'human-token' });
    expect(accepted.status).toBe(200);
    expect(verifications.at(-1)?.get('remoteip')).toBeTruthy();
  });

  it('creates no account when the sign-up captcha fails', async () => {
    const browser = new HttpSession(baseUrl);
    await browser.open('/freeaccount');
    const refused = await browser.post('/auth/registerfreeaccount', { email: 'bot@example.com', password: 'secret1', token: 'robot-token', source: 'FreeAccount' });
    expect(refused.status).toBe(400);
    expect(await database.query('select 1 from app_user where email = $1', ['bot@example.com'])).toHaveLength(0);
  });
});
