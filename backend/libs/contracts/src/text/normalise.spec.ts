import { describe, expect, it } from '@jest/globals';
import { hostOfText, keywordsOfText, normaliseKeyword } from './normalise.js';

describe('normaliseKeyword', () => {
  it.each([
    ['Running Shoes', 'running shoes'],
    ['  Running   SHOES ', 'running shoes'],
    ['running\tshoes\r\nfor men', 'running shoes for men'],
    ['running\u00a0shoes', 'running shoes'],
    ['CAFÉ Ölbaum', 'café ölbaum'],
    ['3.5 mm jack', '3.5 mm jack'],
    ['"quoted"', '"quoted"'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (text, keyword) => expect(normaliseKeyword(text)).toBe(keyword));

  it('answers a repeated text alike', () => {
    expect(normaliseKeyword(' A  B ')).toBe('a b');
    expect(normaliseKeyword(' A  B ')).toBe('a b');
    expect(normaliseKeyword('C')).toBe('c');
  });
});

describe('keywordsOfText', () => {
  it('takes one keyword per line (or comma), normalised, without blanks or repeats', () => {
    expect(keywordsOfText('SEO tools\r\n  seo   TOOLS \n\nrank, tracker,,\nRank')).toEqual(['seo tools', 'rank', 'tracker']);
    expect(keywordsOfText('')).toEqual([]);
    expect(keywordsOfText(' \n , \r\n')).toEqual([]);
  });
});

describe('hostOfText', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  WWW.Example.COM ', 'example.com'],
    ['www.example.com', 'example.com'],
    ['www.com', 'www.com'],
    ['www.www.example.com', 'www.example.com'],
    ['https://www.example.co.uk/shop?x=1#top', 'example.co.uk'],
    ['HTTPS://Shop.Example.com/Path', 'shop.example.com'],
    ['ftp://example.com/file', 'example.com'],
    ['http://user:pw@blog.example.com:8080/a', 'blog.example.com'],
    ['http://www.shop.example:80/x', 'shop.example'],
    ['example.com:8080', 'example.com'],
    ['example.com?page=2', 'example.com'],
    ['example.com#top', 'example.com'],
    ['example.com.', 'example.com'],
    ['node.js', 'node.js'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['shop.xn--p1ai', 'shop.xn--p1ai'],
    [`${'abcdefghi.'.repeat(25)}com`, `${'abcdefghi.'.repeat(25)}com`],
  ])('%j → %j', (text, host) => expect(hostOfText(text)).toBe(host));

  it.each([
    '', '   ', 'not a domain', 'localhost', 'localhost:3000', 'exa..mple.com', 'www..example.com', '-bad.com', 'bad-.com', 'exa_mple.com',
    'example.c0m', 'example.123', '127.0.0.1', 'ftp://', 'https://', 'example.com..', 'bücher.example', 'exa mple.com', `${'a'.repeat(64)}.com`,
    `${'abcdefghi.'.repeat(26)}com`, '[::1]', 'javascript:alert(1)',
  ])('refuses %j', (text) => expect(hostOfText(text)).toBeNull());
});
