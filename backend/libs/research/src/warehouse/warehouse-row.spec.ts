import { describe, expect, it } from '@jest/globals';
import { domainByUrlParser, domainOfUrl, warehouseRowProblem } from './warehouse-row.js';

describe('domainOfUrl', () => {
  const urls = [
    'https://www.example.com/page', 'http://example.com', 'https://shop.example.co.uk/a?b=c#d', 'https://example.com?x', 'https://example.com#top',
    'https://WWW.Example.COM/Page', 'https://example.com:8080/', 'https://user:pass@example.com/', 'https://bücher.example/', 'https://xn--bcher-kva.example/',
    'https://127.0.0.1/', 'https://1.2.3/', 'https://0x7f.0.0.1/', 'https://example.123/', 'https://example.com./', 'https://www.com/', 'https://localhost/',
    'https://example.com\\path', 'https://exa_mple.com/', ' https://example.com/', 'https://example.com/a b', 'https://-a.example/', 'https://a..b/',
    'ftp://example.com/', 'example.com/page', 'https://', 'https:///x', 'https://www./', 'https://www.www.example.com/', 'http://a-b.c-d.example/x/y',
  ];
  // The fast path must answer exactly as the URL parser does, on plain URLs and on everything it hands over.
  it.each(urls)('reads %j as the URL parser does', (url) => {
    expect(domainOfUrl(url)).toBe(domainByUrlParser(url));
  });
});

describe('warehouseRowProblem of a result without a known page', () => {
  const row = { keyword: 'crumb and kiln', territory: 'US', date: '2026-07-31', position: 1 };
  it('takes a bare domain instead of a URL, never both', () => {
    expect(warehouseRowProblem({ ...row, site: 'crumb-and-kiln.example.org' })).toBeNull();
    expect(warehouseRowProblem({ ...row, site: 'crumb-and-kiln.example.org', url: 'https://crumb-and-kiln.example.org/' })).toBe('A result has either a URL or a site, not both.');
    expect(warehouseRowProblem({ ...row, site: 'https://crumb-and-kiln.example.org/' })).toBe('The site "https://crumb-and-kiln.example.org/" is not a bare domain.');
    expect(warehouseRowProblem(row)).toBe('The URL is missing.');
  });
});

describe('warehouseRowProblem of numbers', () => {
  const row = { keyword: 'crumb and kiln', territory: 'US', date: '2026-07-31', position: 1, url: 'https://crumb-and-kiln.example.org/' };
  it('names the first number out of range, in the order volume, clicks, impressions, cpc', () => {
    expect(warehouseRowProblem({ ...row, volume: 10, clicks: 3, impressions: 40, cpc: 1.25, competition: 0.5, difficulty: 30 })).toBeNull();
    expect(warehouseRowProblem({ ...row, volume: -1, clicks: -1 })).toBe('The volume "-1" is not a number of zero or more.');
    expect(warehouseRowProblem({ ...row, clicks: -1, impressions: -1 })).toBe('The clicks "-1" is not a number of zero or more.');
    expect(warehouseRowProblem({ ...row, impressions: Number.POSITIVE_INFINITY })).toBe('The impressions "Infinity" is not a number of zero or more.');
    expect(warehouseRowProblem({ ...row, cpc: -0.5 })).toBe('The cpc "-0.5" is not a number of zero or more.');
    expect(warehouseRowProblem({ ...row, clicks: 1.5, impressions: 2.5 })).toBe('The clicks "1.5" is not a whole number.');
    expect(warehouseRowProblem({ ...row, impressions: 3_000_000_000 })).toBe('The impressions "3000000000" is not a whole number.');
    expect(warehouseRowProblem({ ...row, volume: 3_000_000_000 })).toBe('The volume "3000000000" is too large.');
    expect(warehouseRowProblem({ ...row, cpc: 1_000_000 })).toBe('The cpc "1000000" is above 999,999.99.');
    expect(warehouseRowProblem({ ...row, competition: 1.5 })).toBe('The competition "1.5" is not a number from 0 to 1.');
    expect(warehouseRowProblem({ ...row, difficulty: 101 })).toBe('The difficulty "101" is not a number from 0 to 100.');
    expect(warehouseRowProblem({ ...row, keyword: 'a\u0007b' })).toBe('The keyword contains control characters.');
    expect(warehouseRowProblem({ ...row, territory: 'us' })).toBe('The territory "us" is not a territory code.');
  });
});
