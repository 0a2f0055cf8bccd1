import { describe, expect, it } from '@jest/globals';
import { safeReturnUrl } from './auth.api.js';

describe('safeReturnUrl (docs/decisions.md issue 24)', () => {
  it('keeps a path on this site whole: query (tab, sort, page) and hash', () => {
    expect(safeReturnUrl('/seo-keywords?query=a.com&sort=volume&dir=desc&startRow=101#positions')).toBe('/seo-keywords?query=a.com&sort=volume&dir=desc&startRow=101#positions');
    expect(safeReturnUrl('/recon')).toBe('/recon');
  });

  it('never leaves the site: protocol-relative, backslash, control characters, absolute addresses', () => {
    for (const bad of ['//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', 'https://evil.example/x', 'javascript:alert(1)', ' /x', '']) {
      expect(safeReturnUrl(bad, '/hq')).toBe('/hq');
    }
    expect(safeReturnUrl(null)).toBe('/');
  });
});
