import { territoryOfLanguages } from '@serpwise/contracts';

export { territoryOfLanguages };

const storageKey = 'serpwise:country';

/** The territory the user researches (docs/product/site.md §3 countryCode); US until the user picks another. */
export function currentCountryCode(): string {
  try {
    return localStorage.getItem(storageKey) ?? 'US';
  } catch {
    return 'US';
  }
}

export function setCountryCode(code: string): void {
  localStorage.setItem(storageKey, code.toUpperCase());
}

/** The browser's territory (navigator.languages), for a first default; null when it names none we support. */
export const browserTerritory = () => territoryOfLanguages(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
