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
