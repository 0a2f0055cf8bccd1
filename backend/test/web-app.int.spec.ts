import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { HttpSession } from '../../infra/test/http-session.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';
import { get } from 'node:http';

jest.setTimeout(60_000);

let testApp: TestApp;
let baseUrl: string;

beforeAll(async () => {
  testApp = await startTestApp({
    env: { FOOTER_CTA_TEXT: 'Start your spring trial', FOOTER_CTA_LINK: '/capital-one-spring-member-offer', HOMEPAGE_SUGGESTION_TYPE: 'domains' },
  });
  ({ baseUrl } = testApp);
}, setUpTimeoutMs);

afterAll(() => testApp?.stop(), setUpTimeoutMs);

/** A page load as a browser makes it, not following redirects. */
const load = (path: string, cookie?: string) =>
  fetch(baseUrl + path, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) }, redirect: 'manual' });

describe('the web app shell', () => {
  it('answers 200 with the app for documented pages, including those with parameters and any letter case', async () => {
    for (const path of [
      '/',
      '/?alt=3',
      '/althome',
      '/land/arc1-d',
      '/semrush-alternative',
      '/company?section=contactUs',
      '/e/annual',
      '/mainpurchase/?page=default',
      '/overview/domain?query=example.com',
      '/SEO/Keywords/Domain?query=example.com',
      '/keyword/bulk-upload/results',
      '/recon/live-ranking-details/12/34',
      '/api/v1/weekly-tracking',
      '/homepage/overview',
      '/typo',
    ]) {
      const response = await load(path);
      expect([path, response.status]).toEqual([path, 200]);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toMatch(/<meta name="csrf-token" content="[^"]+">/);
    }
  });

  it('answers a path that is no page with a real 404, still serving the app so it can show its 404 page', async () => {
    for (const path of ['/this-page-does-not-exist', '/seo/no-such-tab/domain', '/api/v9']) {
      const response = await load(path);
      expect([path, response.status]).toEqual([path, 404]);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toContain('<meta name="csrf-token"');
    }
  });

  it('still answers a JSON 404 to a request that does not want a page', async () => {
    const response = await fetch(`${baseUrl}/this-page-does-not-exist`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, message: 'Cannot GET /this-page-does-not-exist' });
  });

  it('serves a documented page to a client that states no preference (no Accept, or */*), and the paywall page with 200 (issue 24)', async () => {
    // node:http sends no Accept header at all; fetch sends */*.
    const bare = (path: string) =>
      new Promise<{ status: number; type: string }>((resolve, reject) =>
        get(`${baseUrl}${path}`, (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']) });
        }).on('error', reject),
      );
    expect(await bare('/')).toEqual({ status: 200, type: expect.stringMatching(/text\/html/) });
    expect(await bare('/NsaApi/Account/NoSuchCall')).toEqual({ status: 404, type: expect.stringMatching(/json/) });
    const home = await fetch(`${baseUrl}/`, { headers: { accept: '*/*' } });
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/text\/html/);
    // A mistyped endpoint is still a JSON 404 for such a client.
    const missing = await fetch(`${baseUrl}/NsaApi/Account/NoSuchCall`, { headers: { accept: '*/*' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/json/);
    const paywall = await load('/paywall?returnUrl=%2Fseo%2Fkeywords%2Fdomain%3Fquery%3Da.com');
    expect(paywall.status).toBe(200);
    expect((await fetch(`${baseUrl}/`, { headers: { accept: 'application/json' } })).status).toBe(404);
  });

  it('redirects the backlinks pages permanently (301), keeping the query', async () => {
    const cases: [string, string][] = [
      ['/backlinks/domain?query=example.com', '/seo/backlinks?query=example.com'],
      ['/backlinks/url?query=https%3A%2F%2Fexample.com%2Fpage', '/seo/backlinks?query=https%3A%2F%2Fexample.com%2Fpage'],
      ['/Backlinks/Term/?query=running+shoes', '/keyword/backlinks?query=running+shoes'],
    ];
    for (const [from, to] of cases) {
      const response = await load(from);
      expect([from, response.status, response.headers.get('location')]).toEqual([from, 301, to]);
    }
  });

  it('answers the other documented redirects with 302', async () => {
    const cases: [string, string][] = [
      ['/buy/payment', '/buy/register'],
      ['/buy/account?couponcode=spring', '/buy/register?couponcode=spring'],
      ['/keyword?query=running+shoes', '/keyword/overview?query=running+shoes'],
      ['/seo', '/seo/overview'],
      ['/ppc/', '/ppc/overview'],
      ['/seo/reports', '/custom-reports'],
      ['/account/alerts', '/account/scheduled-pdf-reports'],
      ['/new-project', '/'],
      ['/new-project/2', '/'],
    ];
    for (const [from, to] of cases) {
      const response = await load(from);
      expect([from, response.status, response.headers.get('location')]).toEqual([from, 302, to]);
    }
  });

  it('sends a logged-in user from /new-project to /hq, and non-admins away from the admin pages', async () => {
    const user = await createTestUser(testApp.database);
    const browser = await loggedInSession(baseUrl, user);
    const newProject = await browser.request('GET', '/new-project', { accept: 'text/html' });
    expect([newProject.status, newProject.headers.get('location')]).toEqual([302, '/hq']);

    for (const path of ['/components', '/icons']) {
      const asUser = await browser.request('GET', path, { accept: 'text/html' });
      expect([path, asUser.status, asUser.headers.get('location')]).toEqual([path, 302, '/']);
      const asVisitor = await load(path);
      expect([path, asVisitor.status, asVisitor.headers.get('location')]).toEqual([path, 302, '/']);
    }

    const admin = await createTestUser(testApp.database, { roles: ['free', 'admin'] });
    const adminBrowser = await loggedInSession(baseUrl, admin);
    expect((await adminBrowser.request('GET', '/components', { accept: 'text/html' })).status).toBe(200);
  });

  it('hands the footer call to action and the suggestion kind of the configuration to the page', async () => {
    const response = await fetch(`${baseUrl}/endpoints/accountapi/getactivestate`, { headers: { accept: 'application/json' } });
    const { tracking } = (await response.json()) as { tracking: Record<string, unknown> };
    expect(tracking).toMatchObject({ footerCtaText: 'Start your spring trial', footerCtaLink: '/capital-one-spring-member-offer', homepageSuggestionType: 'domains', hqSuggestionType: 'default' });
  });

  it('keeps the server routes that are not pages (the logout post, the sister-product redirect) ahead of the shell', async () => {
    const visitor = new HttpSession(baseUrl);
    await visitor.open('/');
    expect((await visitor.post('/auth/logout')).status).toBe(303);
    expect((await visitor.request('GET', '/sendUserToRivalFlow?page=logout&sfu=free', { accept: 'text/html' })).status).toBe(302);
    // A GET of /auth/logout is the page with the Log out form: it never logs out by itself.
    expect((await visitor.request('GET', '/auth/logout', { accept: 'text/html' })).status).toBe(200);
    // ...whatever the client accepts: the documented call answers with that page, not a JSON 404.
    const asApiClient = await visitor.request('GET', '/auth/logout', { accept: 'application/json' });
    expect(asApiClient.status).toBe(200);
    expect(asApiClient.headers.get('content-type')).toContain('text/html');
  });
});
