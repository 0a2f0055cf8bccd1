import { describe, expect, it } from '@jest/globals';
import { urlForDisplay } from './cells';

describe('urlForDisplay', () => {
  it('drops the scheme and a leading www. and keeps the path', () => {
    expect(urlForDisplay('https://www.shop.example/shoes?x=1')).toBe('shop.example/shoes?x=1');
    expect(urlForDisplay('HTTP://shop.example/')).toBe('shop.example/');
    expect(urlForDisplay('shop.example/www.x')).toBe('shop.example/www.x');
  });
});
