import { findTerritory } from '@serpwise/contracts';

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

/**
 * The main country of a language without a region (`de` → DE): for a browser that names only its language. English
 * is the United States, the product's default territory (docs/decisions.md, issue 24 onboarding).
 */
const languageCountries: Record<string, string> = {
  en: 'US', de: 'DE', fr: 'FR', es: 'ES', it: 'IT', nl: 'NL', pt: 'PT', pl: 'PL', ja: 'JP', sv: 'SE', da: 'DK',
  nb: 'NO', nn: 'NO', no: 'NO', tr: 'TR', uk: 'UA',
};

/**
 * The supported territory the browser's languages point to, first match in the user's order: a tag's region
 * (`en-GB` → UK, `pt-BR` → BR), else its language's main country; null when none is supported.
 */
export function territoryOfLanguages(languages: readonly string[]): string | null {
  for (const tag of languages) {
    const [language = '', ...rest] = tag.trim().split(/[-_]/);
    const region = rest.find((part) => /^[a-z]{2}$/i.test(part));
    const code = (region && findTerritory(region)?.code) ?? findTerritory(languageCountries[language.toLowerCase()] ?? '')?.code;
    if (code) return code;
  }
  return null;
}

/** The browser's territory (navigator.languages), for a first default; null when it names none we support. */
export const browserTerritory = () => territoryOfLanguages(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
