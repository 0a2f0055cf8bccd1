import { describe, expect, it } from '@jest/globals';
import { isAdminOnlyPath, isWebAppRoute, normaliseWebPath, webRedirectFor } from './web-routes.js';

describe('web routes', () => {
  it('normalises case, trailing slashes and doubled slashes', () => {
    expect(normaliseWebPath('/SEO/Keywords/Domain/')).toBe('/seo/keywords/domain');
    expect(normaliseWebPath('/mainpurchase/?page=default')).toBe('/mainpurchase');
    expect(normaliseWebPath('')).toBe('/');
    expect(normaliseWebPath('//')).toBe('/');
  });

  it('knows the documented pages, with their parameters, and nothing else', () => {
    for (const path of ['/', '/althome', '/land/arc1-d', '/company', '/e', '/e/annual', '/semrush-alternative', '/moz-alternative', '/api/v1/kombat',
      '/recon/live-ranking/42', '/recon/live-ranking-details/7/9', '/seo/top-pages/url', '/ppc/adwords-templates/get-started', '/Keyword/Overview/',
      '/account/users-added', '/homepage/overview', '/typo', '/server-error']) {
      expect([path, isWebAppRoute(path)]).toEqual([path, true]);
    }
    for (const path of ['/this-page-does-not-exist', '/seo/unknown-tab', '/keyword/overview/domain', '/e/a/b', '/-alternative/x', '/api/v3', '/account/nope']) {
      expect([path, isWebAppRoute(path)]).toEqual([path, false]);
    }
  });

  it('answers the permanent backlinks redirects with 301 and keeps the query', () => {
    expect(webRedirectFor('/backlinks/domain', '?query=example.com', { isLoggedIn: false })).toEqual({ location: '/seo/backlinks?query=example.com', status: 301 });
    expect(webRedirectFor('/Backlinks/URL/', '', { isLoggedIn: false })).toEqual({ location: '/seo/backlinks', status: 301 });
    expect(webRedirectFor('/backlinks/term', 'query=shoes', { isLoggedIn: false })).toEqual({ location: '/keyword/backlinks?query=shoes', status: 301 });
  });

  it('answers the other documented redirects with 302, by login state where the spec says so', () => {
    expect(webRedirectFor('/buy/payment', '', { isLoggedIn: false })).toEqual({ location: '/buy/register', status: 302 });
    expect(webRedirectFor('/keyword', '?query=a', { isLoggedIn: false })?.location).toBe('/keyword/overview?query=a');
    expect(webRedirectFor('/seo/reports', '', { isLoggedIn: false })?.location).toBe('/custom-reports');
    expect(webRedirectFor('/new-project/2', '', { isLoggedIn: true })).toEqual({ location: '/hq', status: 302 });
    expect(webRedirectFor('/new-project', '', { isLoggedIn: false })).toEqual({ location: '/', status: 302 });
    expect(webRedirectFor('/seo/overview', '', { isLoggedIn: false })).toBeNull();
  });

  it('marks the admin-only pages', () => {
    expect(isAdminOnlyPath('/Components/')).toBe(true);
    expect(isAdminOnlyPath('/company')).toBe(false);
  });
});
