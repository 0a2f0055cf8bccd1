import { describe, expect, it } from '@jest/globals';
import { loginHref, placeOf, signUpHref, withReturnUrl } from './return-url';

describe('login prompts come back to the same place (docs/decisions.md issue 24)', () => {
  it('carries path, query (tab, sort, page) and hash', () => {
    const here = placeOf({ pathname: '/seo-keywords', search: '?query=a.com&sort=volume&dir=desc&startRow=101', hash: '#positions' });
    expect(loginHref(here)).toBe('/auth/login?returnUrl=%2Fseo-keywords%3Fquery%3Da.com%26sort%3Dvolume%26dir%3Ddesc%26startRow%3D101%23positions');
    expect(signUpHref('/recon')).toBe('/freeaccount?returnUrl=%2Frecon');
    expect(withReturnUrl('/mainpurchase/?page=default', '/ppc?query=a')).toBe('/mainpurchase/?page=default&returnUrl=%2Fppc%3Fquery%3Da');
  });

  it('carries only a path on this site, and nothing from the home or auth pages', () => {
    for (const bad of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/\t/evil.example']) expect(loginHref(bad)).toBe('/auth/login');
    expect(loginHref('/')).toBe('/auth/login');
    expect(loginHref('/auth/login?returnUrl=%2Fx')).toBe('/auth/login');
    expect(signUpHref('/freeaccount')).toBe('/freeaccount');
    expect(loginHref(undefined)).toBe('/auth/login');
  });
});
