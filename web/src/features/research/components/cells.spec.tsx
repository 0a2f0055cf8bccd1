import { describe, expect, it } from '@jest/globals';
import { pathOfUrl, urlForDisplay } from './cells';

describe('urlForDisplay', () => {
  it('drops the scheme and a leading www. and keeps the path', () => {
    expect(urlForDisplay('https://www.shop.example/shoes?x=1')).toBe('shop.example/shoes?x=1');
    expect(urlForDisplay('HTTP://shop.example/')).toBe('shop.example/');
    expect(urlForDisplay('shop.example/www.x')).toBe('shop.example/www.x');
  });
});

describe('pathOfUrl', () => {
  it('keeps what follows the host, and "/" for the home page', () => {
    expect(pathOfUrl('https://www.brackenmoor-cycles.com/bikes/gravel')).toBe('/bikes/gravel');
    expect(pathOfUrl('http://shop.example/s/air-fryer?colour=red#reviews')).toBe('/s/air-fryer?colour=red#reviews');
    expect(pathOfUrl('https://brackenmoor-cycles.com/')).toBe('/');
    expect(pathOfUrl('https://brackenmoor-cycles.com')).toBe('/');
    expect(pathOfUrl('brackenmoor-cycles.com/bikes')).toBe('/bikes');
  });
});
