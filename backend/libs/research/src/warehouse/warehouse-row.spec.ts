import { describe, expect, it } from '@jest/globals';
import { domainByUrlParser, domainOfUrl } from './warehouse-row.js';

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
