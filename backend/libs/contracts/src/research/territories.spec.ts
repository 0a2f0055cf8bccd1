import { describe, expect, it } from '@jest/globals';
import { countries } from './countries.js';
import { countryCodeSchema, findTerritory, territories } from './territories.js';

describe('territories', () => {
  it('lists the 30 supported territories in the documented priority order', () => {
    expect(territories).toHaveLength(30);
    expect(territories.slice(0, 4).map((territory) => territory.code)).toEqual(['US', 'UK', 'DE', 'FR']);
    expect(territories.map((territory) => territory.priority)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect(territories.at(-1)?.code).toBe('VE');
  });

  it('gives each its name, determiner, icon and search-engine suffix', () => {
    expect(findTerritory('UK')).toMatchObject({ withDeterminer: 'the United Kingdom', icon: 'gb', googleTLD: 'co.uk', adjectival: 'British' });
    expect(findTerritory('de')).toMatchObject({ determiner: '', withDeterminer: 'Germany', googleTLD: 'de' });
    expect(findTerritory('gb')?.code).toBe('UK');
    expect(['com', 'co.uk', 'de', 'fr', 'com.ar', 'com.au', 'co.in', 'co.za', 'com.br', 'com.mx'].every((suffix) =>
      territories.some((territory) => territory.googleTLD === suffix))).toBe(true);
  });

  it('has a wider country list with Global and Unknown', () => {
    expect(countries.slice(0, 2).map(([code]) => code)).toEqual(['Global', 'Unknown']);
    expect(countries.length).toBeGreaterThan(240);
    expect(new Set(countries.map(([code]) => code)).size).toBe(countries.length);
  });

  it('resolves countryCode, defaulting to US and refusing unsupported codes', () => {
    expect(countryCodeSchema.parse(undefined)).toBe('US');
    expect(countryCodeSchema.parse('gb')).toBe('UK');
    expect(countryCodeSchema.safeParse('XX').error?.issues[0]?.message).toMatch(/^Research data is not available for the country "XX"/);
  });
});
