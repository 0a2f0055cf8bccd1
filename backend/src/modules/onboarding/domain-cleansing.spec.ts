import { describe, expect, it } from '@jest/globals';
import { cleanseDomain } from './domain-cleansing.js';

describe('cleanseDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  WWW.Example.COM ', 'example.com'],
    ['https://www.example.co.uk/shop?x=1#top', 'example.co.uk'],
    ['http://user:pw@blog.example.com:8080/a', 'blog.example.com'],
    ['example.com.', 'example.com'],
  ])('%s → %s', (input, expected) => expect(cleanseDomain(input)).toBe(expected));

  it.each(['', 'not a domain', 'localhost', 'exa..mple.com', '-bad.com', 'ftp://', 'example.c0m'])('refuses %j', (input) => {
    expect(cleanseDomain(input)).toBeNull();
  });
});
