import { findTerritory } from './territories.js';

/**
 * The main country of a language without a region (`de` → DE): for a browser that names only its language. English
 * is the United States, the product's default territory (docs/decisions.md, issue 24 onboarding).
 */
const languageCountries: Record<string, string> = {
  en: 'US', de: 'DE', fr: 'FR', es: 'ES', it: 'IT', nl: 'NL', pt: 'PT', pl: 'PL', ja: 'JP', sv: 'SE', da: 'DK',
  nb: 'NO', nn: 'NO', no: 'NO', tr: 'TR', uk: 'UA',
};

/**
 * The supported territory the languages point to, first match in the user's order: a tag's region
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

/**
 * An Accept-Language header's tags, most preferred first (RFC 9110 §12.5.4: q from 0 to 1, default 1, q=0 means
 * "not this one"; equal weights keep the header's order). `*` and malformed entries are skipped.
 */
export function acceptLanguageTags(header: string | undefined | null): string[] {
  if (!header) return [];
  const entries: Array<{ tag: string; weight: number; order: number }> = [];
  header.split(',').forEach((part, order) => {
    const [rawTag = '', ...parameters] = part.trim().split(';');
    const tag = rawTag.trim();
    if (!/^[a-z]{1,8}(?:[-_][a-z0-9]{1,8})*$/i.test(tag)) return;
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(parameter)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (weight > 0) entries.push({ tag, weight, order });
  });
  return entries.sort((a, b) => b.weight - a.weight || a.order - b.order).map((entry) => entry.tag);
}
