import { describe, expect, it } from '@jest/globals';
import { classifyQuery, malformedQueryMessage, urlVariants } from './query-classifier.js';

describe('classifyQuery', () => {
  it.each([
    ['Example.COM', 'domain', 'example.com'],
    ['www.example.com', 'domain', 'example.com'],
    ['https://www.example.com/', 'domain', 'example.com'],
    ['example.co.uk/shoes?page=2', 'url', 'http://example.co.uk/shoes?page=2'],
    ['https://Shop.Example.com/Path', 'url', 'https://shop.example.com/Path'],
    ['  Running   SHOES ', 'term', 'running shoes'],
    ['3.5 mm jack', 'term', '3.5 mm jack'],
    ['1.5', 'term', '1.5'],
  ])('%s → %s %s', (query, type, cleansed) => {
    expect(classifyQuery(query)).toEqual({ ok: true, type, cleansed, exactTerm: null });
  });

  it('keeps the exact term of a quoted query', () => {
    expect(classifyQuery('"Best Shoes"')).toEqual({ ok: true, type: 'term', cleansed: 'best shoes', exactTerm: 'best shoes' });
    expect(classifyQuery('"node.js"')).toMatchObject({ type: 'domain', cleansed: 'node.js', exactTerm: 'node.js' });
  });

  it.each(['www..example.com', 'exa_mple.com', 'ftp://example.com', 'http://-bad.com/x', 'example.com\u0000'])('refuses malformed %s', (query) => {
    expect(classifyQuery(query)).toEqual({ ok: false, message: malformedQueryMessage });
  });

  it('refuses an empty query, and a keyword when a site was asked for', () => {
    expect(classifyQuery('   ').ok).toBe(false);
    expect(classifyQuery('running shoes', true)).toEqual({ ok: false, message: '"running shoes" is not a domain or URL.' });
  });

  it('lists the spellings a URL may be stored under', () => {
    expect(urlVariants('http://example.com/a')).toEqual(expect.arrayContaining(['https://www.example.com/a', 'http://example.com/a/', 'https://example.com/a']));
  });
});
