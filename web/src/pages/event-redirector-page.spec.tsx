import { describe, expect, it } from '@jest/globals';
import { safeTarget } from './event-redirector-page';

describe('event redirector target', () => {
  it.each([
    ['/seo/overview/domain?query=a.com', '/seo/overview/domain?query=a.com'],
    ['https://evil.example/', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    [null, '/'],
  ])('sends %s to %s', (raw, expected) => {
    expect(safeTarget(raw)).toBe(expected);
  });
});
