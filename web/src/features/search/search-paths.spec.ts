import { describe, expect, it } from '@jest/globals';
import { competitorsLoginRedirect, pathForResult, researchLocation, sectionHref, territoryOverviewUrl } from './search-paths';

describe('routing by result type (docs/product/site.md §4)', () => {
  it('sends a search from the landing or an overview to the matching overview', () => {
    expect(pathForResult('/overview', 'domain')).toBe('/overview/domain');
    expect(pathForResult('/', 'url')).toBe('/overview/url');
    expect(pathForResult('/overview/domain', 'term')).toBe('/keyword/overview');
  });

  it('adds the domain or url suffix to the tab the user is on', () => {
    expect(pathForResult('/seo/keywords/domain', 'url')).toBe('/seo/keywords/url');
    expect(pathForResult('/SEO/Top-Pages/', 'domain')).toBe('/seo/top-pages/domain');
    expect(pathForResult('/ppc/competitors', 'url')).toBe('/ppc/competitors/url');
    // PPC tabs without a URL variant show the URL overview instead.
    expect(pathForResult('/ppc/ad-history/domain', 'url')).toBe('/overview/url');
    expect(pathForResult('/ppc/adwords-templates', 'domain')).toBe('/ppc/overview/domain');
    expect(pathForResult('/backlinks', 'domain')).toBe('/seo/backlinks/domain');
  });

  it('keeps keyword research on keywords, moving a site search to the matching site page', () => {
    expect(pathForResult('/keyword/serp-analysis', 'term')).toBe('/keyword/serp-analysis');
    expect(pathForResult('/keyword/bulk-upload', 'term')).toBe('/keyword/overview');
    expect(pathForResult('/keyword/backlinks', 'url')).toBe('/seo/backlinks/url');
    expect(pathForResult('/keyword/related-keywords', 'domain')).toBe('/overview/domain');
    expect(pathForResult('/seo/backlinks/domain', 'term')).toBe('/keyword/backlinks');
    expect(pathForResult('/ppc/ad-history/domain', 'term')).toBe('/keyword/ad-history');
  });

  it('reads the research location of a path', () => {
    expect(researchLocation('/seo/kombat/url/')).toEqual({ section: 'seo', tab: 'kombat', subType: 'url' });
    expect(researchLocation('/company')).toEqual({ section: null, tab: null, subType: null });
  });
});

describe('switching sections (docs/product/site.md §4)', () => {
  const last = { site: { query: 'shopsphere.example', type: 'domain' as const }, term: { query: 'running shoes', type: 'term' as const } };

  it('keeps the current query within the same kind', () => {
    expect(sectionHref('/ppc/competitors', { pathname: '/seo/overview/url', query: 'https://a.example/p' }, last)).toBe('/ppc/competitors/url?query=https%3A%2F%2Fa.example%2Fp');
    expect(sectionHref('/keyword/ad-history', { pathname: '/keyword/overview', query: 'red shoes' }, last)).toBe('/keyword/ad-history?query=red+shoes');
  });

  it('reuses the last search of the other kind when switching between keyword and other sections', () => {
    expect(sectionHref('/keyword/overview', { pathname: '/seo/overview/domain', query: 'a.example' }, last)).toBe('/keyword/overview?query=running+shoes');
    expect(sectionHref('/seo/keywords', { pathname: '/keyword/overview', query: 'red shoes' }, last)).toBe('/seo/keywords/domain?query=shopsphere.example');
    expect(sectionHref('/overview', { pathname: '/', query: null }, last)).toBe('/overview/domain?query=shopsphere.example');
  });

  it('clears the query when there is no search of that kind yet', () => {
    expect(sectionHref('/keyword/overview', { pathname: '/seo/overview/domain', query: 'a.example' }, {})).toBe('/keyword/overview');
    expect(sectionHref('/seo/keywords/domain', { pathname: '/keyword/overview', query: 'x' }, {})).toBe('/seo/keywords');
    expect(sectionHref('/keyword/bulk-upload', { pathname: '/keyword/overview', query: 'x' }, last)).toBe('/keyword/bulk-upload');
  });

  it('leaves other links alone', () => {
    expect(sectionHref('/company', { pathname: '/seo/overview/domain', query: 'a.example' }, last)).toBe('/company');
  });
});

describe('competitors need login (docs/product/site.md §4)', () => {
  it('sends a visitor with a competitors query on seo/keywords/domain to login with a return URL', () => {
    expect(competitorsLoginRedirect('/seo/keywords/domain', '?query=a.example&competitors=b.example', false)).toBe(
      '/auth/login?returnUrl=%2Fseo%2Fkeywords%2Fdomain%3Fquery%3Da.example%26competitors%3Db.example',
    );
    expect(competitorsLoginRedirect('/seo/keywords/domain', '?query=a.example&competitors=b.example', true)).toBeNull();
    expect(competitorsLoginRedirect('/seo/keywords/domain', '?query=a.example', false)).toBeNull();
    expect(competitorsLoginRedirect('/seo/competitors/domain', '?competitors=b.example', false)).toBeNull();
  });
});

describe('a search in another territory', () => {
  it('loads the overview keeping the page parameters, with the trimmed query and without competitors', () => {
    expect(territoryOverviewUrl('?alt=3&competitors=b.example&query=old', '  shoes ', 'DE')).toBe('/overview?alt=3&query=shoes&countryCode=DE');
  });
});
