import { describe, expect, it } from '@jest/globals';
import { territoryOfCountry } from './search-console-country.js';
import { domainOfProperty } from './search-console-site.js';

describe('domainOfProperty', () => {
  it('reads the domain of a Domain property and of a URL-prefix property', () => {
    expect(domainOfProperty('sc-domain:Example.com')).toBe('example.com');
    expect(domainOfProperty('https://www.example.com/')).toBe('example.com');
    expect(domainOfProperty('http://blog.example.co.uk/news/')).toBe('blog.example.co.uk');
  });

  it('is null for a property that names no domain', () => {
    expect(domainOfProperty('sc-domain:')).toBeNull();
    expect(domainOfProperty('android-app://com.example/')).toBeNull();
    expect(domainOfProperty('https://localhost/')).toBeNull();
  });
});

describe('territoryOfCountry', () => {
  it("maps Search Console's alpha-3 countries to the product's territories, and no others", () => {
    expect(['usa', 'gbr', 'DEU', 'che'].map(territoryOfCountry)).toEqual(['US', 'UK', 'DE', 'CH']);
    expect(territoryOfCountry('atf')).toBeNull();
    expect(territoryOfCountry('zzz')).toBeNull();
  });
});
