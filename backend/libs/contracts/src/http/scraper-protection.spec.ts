import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { acceptLanguageTags, territoryOfLanguages } from '../research/territory-of-languages.js';
import { isResearchCallPath, scraperTokenOf } from './scraper-protection.js';
import { sha256Hex } from './sha256.js';
import { slowScrapingHref } from './web-routes.js';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Hex (the web client’s hash)', () => {
  it('gives the FIPS 180-4 test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it('equals node:crypto at every length around the block boundaries, and for non-ASCII text', () => {
    for (let length = 0; length <= 130; length++) {
      const text = 'x'.repeat(length);
      expect(sha256Hex(text)).toBe(nodeSha256(text));
    }
    for (const text of ['Grüße aus Köln', '東京の天気', 'emoji 🦊 end', `${'a'.repeat(64)}:2026-11-27T21:00:00.000Z`]) expect(sha256Hex(text)).toBe(nodeSha256(text));
  });
});

describe('the scraper token', () => {
  it('is the hex SHA-256 of the seed and the request date joined by a colon', () => {
    const seed = 'b'.repeat(64);
    const date = '2026-11-27T21:05:00.123Z';
    expect(scraperTokenOf(seed, date)).toBe(nodeSha256(`${seed}:${date}`));
    expect(scraperTokenOf(seed, date)).not.toBe(scraperTokenOf(seed, '2026-11-27T21:05:00.124Z'));
  });

  it('guards the research tables and the query lookup, whatever the case, and nothing else', () => {
    expect(isResearchCallPath('/rest/research/seo/keywords')).toBe(true);
    expect(isResearchCallPath('/Endpoints/Search/JsonSearch')).toBe(true);
    expect(isResearchCallPath('/NsaApi/suggest/getsuggestions')).toBe(false);
    expect(isResearchCallPath('/endpoints/accountapi/getactivestate')).toBe(false);
    expect(isResearchCallPath('/api/v1/domain/overview')).toBe(false);
  });

  it('names the reason of the slow-the-scraping path only for the bot check', () => {
    expect(slowScrapingHref(12.2)).toBe('/paywall?slow=13#benefits');
    expect(slowScrapingHref(30, 'bot')).toBe('/paywall?slow=30&reason=bot#benefits');
  });
});

describe('acceptLanguageTags', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['en-US,en;q=0.9', ['en-US', 'en']],
    ['en;q=0.5, de-AT;q=0.8, fr', ['fr', 'de-AT', 'en']],
    ['da, en-gb;q=0.8, en;q=0.7', ['da', 'en-gb', 'en']],
    ['*;q=0.1, es-MX', ['es-MX']],
    ['de;q=0, it', ['it']],
    ['not a tag!, nl', ['nl']],
  ])('%j → %j', (header, tags) => expect(acceptLanguageTags(header)).toEqual(tags));

  it('feeds the territory choice in the user’s order', () => {
    expect(territoryOfLanguages(acceptLanguageTags('zz, pt-BR;q=0.4, de;q=0.6'))).toBe('DE');
  });
});
