import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { scraperTokenOf } from '@serpwise/contracts';
import { countryCodeOf, isBotUserAgent, isMobileUserAgent } from './request-environment.js';
import { scraperSeedOf, verifyScraperToken, type ScraperTokenCheck } from './scraper-token.js';

const sessionToken = 'Zq3mC0t9kV7r1YwS4xH2bN8pL6dF5gJ0aE3uT9iO1sA';
const now = Date.parse('2026-11-27T21:30:00.000Z');
const dateAt = (offsetMs: number) => new Date(now + offsetMs).toISOString();
const check = (change: Partial<ScraperTokenCheck> = {}): ScraperTokenCheck => {
  const date = change.date ?? dateAt(0);
  return { sessionToken, date, token: scraperTokenOf(scraperSeedOf(sessionToken), date), now, maxAgeSeconds: 300, ...change };
};

describe('the scraper token’s seed and hash', () => {
  it('derives the seed one way from the session cookie’s token', () => {
    expect(scraperSeedOf(sessionToken)).toBe(createHash('sha256').update(`serpwise-scraper-seed:${sessionToken}`).digest('hex'));
    expect(scraperSeedOf(sessionToken)).not.toContain(sessionToken);
    expect(scraperSeedOf(`${sessionToken}x`)).not.toBe(scraperSeedOf(sessionToken));
  });

  it('accepts the hash of the seed and the date sent, in either letter case, within the allowed age either way', () => {
    expect(verifyScraperToken(check())).toBe('valid');
    expect(verifyScraperToken({ ...check(), token: check().token!.toUpperCase() })).toBe('valid');
    expect(verifyScraperToken(check({ date: dateAt(-299_000) }))).toBe('valid');
    expect(verifyScraperToken(check({ date: dateAt(299_000) }))).toBe('valid');
  });

  it('says missing without a session, a token or a date', () => {
    expect(verifyScraperToken(check({ sessionToken: undefined }))).toBe('missing');
    expect(verifyScraperToken(check({ token: undefined }))).toBe('missing');
    expect(verifyScraperToken({ ...check(), date: undefined })).toBe('missing');
  });

  it('says stale for a date too old, too far ahead, or not a date', () => {
    expect(verifyScraperToken(check({ date: dateAt(-301_000) }))).toBe('stale');
    expect(verifyScraperToken(check({ date: dateAt(301_000) }))).toBe('stale');
    expect(verifyScraperToken(check({ date: 'soon' }))).toBe('stale');
  });

  it('says mismatch for another session’s token, another date’s hash, or a truncated hash', () => {
    const date = dateAt(0);
    expect(verifyScraperToken(check({ token: scraperTokenOf(scraperSeedOf('another session'), date) }))).toBe('mismatch');
    expect(verifyScraperToken(check({ date, token: scraperTokenOf(scraperSeedOf(sessionToken), dateAt(1)) }))).toBe('mismatch');
    expect(verifyScraperToken(check({ token: check().token!.slice(0, 40) }))).toBe('mismatch');
  });
});

describe('environment flags from the request', () => {
  const agents = {
    chromeDesktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0',
    androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    androidTablet: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/604.1',
    googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    ahrefs: 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
    headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    curl: 'curl/8.5.0',
    python: 'python-requests/2.32.3',
    scrapy: 'Scrapy/2.11.2 (+https://scrapy.org)',
  };

  it('isMobile: phones, not tablets or desktops', () => {
    expect(isMobileUserAgent(agents.androidPhone)).toBe(true);
    expect(isMobileUserAgent(agents.iphone)).toBe(true);
    expect(isMobileUserAgent(agents.ipad)).toBe(false);
    expect(isMobileUserAgent(agents.androidTablet)).toBe(false);
    expect(isMobileUserAgent(agents.chromeDesktop)).toBe(false);
    expect(isMobileUserAgent(undefined)).toBe(false);
  });

  it('isBot: crawlers, headless browsers, HTTP libraries and no user agent; not people’s browsers', () => {
    for (const agent of [agents.googlebot, agents.bingbot, agents.ahrefs, agents.headless, agents.curl, agents.python, agents.scrapy, undefined, ' ']) {
      expect([agent, isBotUserAgent(agent)]).toEqual([agent, true]);
    }
    for (const agent of [agents.chromeDesktop, agents.firefoxMac, agents.androidPhone, agents.iphone, agents.ipad]) expect([agent, isBotUserAgent(agent)]).toEqual([agent, false]);
  });

  it('countryCode: the country header when it names a supported territory, else Accept-Language, else US', () => {
    expect(countryCodeOf({ country: 'de', acceptLanguage: 'fr-FR' })).toBe('DE');
    expect(countryCodeOf({ country: 'GB', acceptLanguage: undefined })).toBe('UK');
    expect(countryCodeOf({ country: 'XX', acceptLanguage: 'fr-FR,fr;q=0.9' })).toBe('FR');
    expect(countryCodeOf({ country: undefined, acceptLanguage: 'en-GB,en;q=0.9' })).toBe('UK');
    expect(countryCodeOf({ country: undefined, acceptLanguage: 'zh-CN' })).toBe('US');
    expect(countryCodeOf({ country: undefined, acceptLanguage: undefined })).toBe('US');
  });
});
