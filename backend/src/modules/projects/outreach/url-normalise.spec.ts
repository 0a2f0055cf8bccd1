import { describe, expect, it } from '@jest/globals';
import { hostOfText } from '@serpwise/contracts';
import { normaliseLinkUrl } from './url-normalise.js';

describe('normaliseLinkUrl', () => {
  it.each([
    ['https://www.Example.com/Blog/Post?id=3#top', 'https://www.example.com/Blog/Post?id=3', 'example.com'],
    ['HTTP://user:pw@shop.example.co.uk:8080/a', 'http://shop.example.co.uk:8080/a', 'shop.example.co.uk'],
    ['example.com', 'https://example.com/', 'example.com'],
    ['shop.example:8080/cart', 'https://shop.example:8080/cart', 'shop.example'],
    ['  blog.example.org/post  ', 'https://blog.example.org/post', 'blog.example.org'],
  ])('%s → %s on %s', (raw, url, domain) => expect(normaliseLinkUrl(raw)).toEqual({ url, domain }));

  it.each(['', 'not a url', 'ftp://example.com/file', 'javascript://alert(1)', 'mailto:x@y.example', 'javascript:alert(1)', 'https://localhost/', 'https://exa mple.com'])('refuses %j', (raw) => {
    expect(normaliseLinkUrl(raw)).toBeNull();
  });

  it('takes the website of an address or a bare domain', () => {
    expect(hostOfText('https://www.Example.com/x')).toBe('example.com');
    expect(hostOfText('nope')).toBeNull();
  });
});
