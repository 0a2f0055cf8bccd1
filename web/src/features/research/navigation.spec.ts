import { describe, expect, it } from '@jest/globals';
import { hostOfText } from '@serpwise/contracts';
import { isTabActive, sectionTabs, tabHref } from './navigation';

const tab = (section: 'seo' | 'ppc' | 'keyword' | 'backlinks', id: string) => sectionTabs[section]!.find((candidate) => candidate.id === id)!;

describe('research navigation', () => {
  it('matches tab paths case-insensitively, ignoring a trailing slash', () => {
    expect(isTabActive('/SEO/Keywords/', '/seo/keywords')).toBe(true);
    expect(isTabActive('/seo/keywords/domain', '/seo/keywords')).toBe(true);
    expect(isTabActive('/seo/keywordsx', '/seo/keywords')).toBe(false);
    expect(isTabActive('/seo/kombat/domain', '/seo/keywords')).toBe(false);
  });

  it('keeps a site query with its /domain or /url suffix', () => {
    expect(tabHref(tab('seo', 'keywords'), { query: 'a.com', kind: 'domain', countryCode: null })).toBe('/seo/keywords/domain?query=a.com');
    expect(tabHref(tab('seo', 'keywords'), { query: 'https://a.com/p', kind: 'url', countryCode: 'UK' })).toBe(
      '/seo/keywords/url?query=https%3A%2F%2Fa.com%2Fp&countryCode=UK',
    );
  });

  it('gives a domain-only tab the host of a URL', () => {
    expect(tabHref(tab('seo', 'kombat'), { query: 'https://www.A.com/p', kind: 'url', countryCode: null })).toBe('/seo/kombat/domain?query=a.com');
    expect(tabHref(tab('ppc', 'competitors'), { query: 'a.com', kind: 'domain', countryCode: null })).toBe('/ppc/competitors/domain?query=a.com');
    expect(tabHref(tab('backlinks', 'backlinks-outreach'), { query: 'a.com', kind: 'domain', countryCode: null })).toBe('/backlinks/backlinks-outreach?query=a.com');
    expect(hostOfText('http://www.shop.example:80/x')).toBe('shop.example');
  });

  it('keeps a keyword only for keyword tabs, and clears a query of another kind', () => {
    expect(tabHref(tab('keyword', 'serp-analysis'), { query: 'running shoes', kind: 'keyword', countryCode: null })).toBe('/keyword/serp-analysis?query=running+shoes');
    expect(tabHref(tab('keyword', 'serp-analysis'), { query: 'a.com', kind: 'domain', countryCode: null })).toBe('/keyword/serp-analysis');
    expect(tabHref(tab('seo', 'keywords'), { query: 'running shoes', kind: 'keyword', countryCode: 'US' })).toBe('/seo/keywords?countryCode=US');
  });
});
