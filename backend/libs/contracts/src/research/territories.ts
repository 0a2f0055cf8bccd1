import { z } from 'zod';

/** One supported search territory (docs/product/site.md §3 "Supported search territories"). */
export interface Territory {
  /** The product's code: ISO 3166-1 alpha-2, except UK (ISO GB). */
  code: string;
  name: string;
  /** 'American', 'British': for sentences like "American search results". */
  adjectival: string;
  /** 'the' for names that take an article in running text, else ''. */
  determiner: string;
  /** The name as it reads in a sentence: 'the United States', 'Germany'. */
  withDeterminer: string;
  /** Flag icon name (lower-case ISO code; the UK shows the gb flag, docs/product/site.md §2 "Country selector"). */
  icon: string;
  /** The country's own top-level domain, without the dot. */
  countryTLD: string;
  /** The suffix of the country's Google search domain (google.{googleTLD}). */
  googleTLD: string;
  /** 1 = first in lists; US 1, UK 2, DE 3, FR 4, then alphabetical by code 5 to 30 (docs/product/site.md §3). */
  priority: number;
}

type Row = [code: string, name: string, adjectival: string, determiner: string, icon: string, countryTLD: string, googleTLD: string];

// Priority order of docs/product/site.md §3: US, UK, DE, FR, then AR … VE as listed there.
const rows: Row[] = [
  ['US', 'United States', 'American', 'the', 'us', 'us', 'com'],
  ['UK', 'United Kingdom', 'British', 'the', 'gb', 'uk', 'co.uk'],
  ['DE', 'Germany', 'German', '', 'de', 'de', 'de'],
  ['FR', 'France', 'French', '', 'fr', 'fr', 'fr'],
  ['AR', 'Argentina', 'Argentine', '', 'ar', 'ar', 'com.ar'],
  ['AT', 'Austria', 'Austrian', '', 'at', 'at', 'at'],
  ['AU', 'Australia', 'Australian', '', 'au', 'au', 'com.au'],
  ['BE', 'Belgium', 'Belgian', '', 'be', 'be', 'be'],
  ['BR', 'Brazil', 'Brazilian', '', 'br', 'br', 'com.br'],
  ['CA', 'Canada', 'Canadian', '', 'ca', 'ca', 'ca'],
  ['CL', 'Chile', 'Chilean', '', 'cl', 'cl', 'cl'],
  ['DK', 'Denmark', 'Danish', '', 'dk', 'dk', 'dk'],
  ['IN', 'India', 'Indian', '', 'in', 'in', 'co.in'],
  ['IE', 'Ireland', 'Irish', '', 'ie', 'ie', 'ie'],
  ['IT', 'Italy', 'Italian', '', 'it', 'it', 'it'],
  ['JP', 'Japan', 'Japanese', '', 'jp', 'jp', 'co.jp'],
  ['MX', 'Mexico', 'Mexican', '', 'mx', 'mx', 'com.mx'],
  ['NL', 'Netherlands', 'Dutch', 'the', 'nl', 'nl', 'nl'],
  ['NZ', 'New Zealand', 'New Zealand', '', 'nz', 'nz', 'co.nz'],
  ['NO', 'Norway', 'Norwegian', '', 'no', 'no', 'no'],
  ['PL', 'Poland', 'Polish', '', 'pl', 'pl', 'pl'],
  ['PT', 'Portugal', 'Portuguese', '', 'pt', 'pt', 'pt'],
  ['SG', 'Singapore', 'Singaporean', '', 'sg', 'sg', 'com.sg'],
  ['ZA', 'South Africa', 'South African', '', 'za', 'za', 'co.za'],
  ['ES', 'Spain', 'Spanish', '', 'es', 'es', 'es'],
  ['SE', 'Sweden', 'Swedish', '', 'se', 'se', 'se'],
  ['CH', 'Switzerland', 'Swiss', '', 'ch', 'ch', 'ch'],
  ['TR', 'Türkiye', 'Turkish', '', 'tr', 'tr', 'com.tr'],
  ['UA', 'Ukraine', 'Ukrainian', '', 'ua', 'ua', 'com.ua'],
  ['VE', 'Venezuela', 'Venezuelan', '', 've', 've', 'co.ve'],
];

/** The 30 supported territories, in priority order. */
export const territories: readonly Territory[] = rows.map(([code, name, adjectival, determiner, icon, countryTLD, googleTLD], index) => ({
  code,
  name,
  adjectival,
  determiner,
  withDeterminer: determiner ? `${determiner} ${name}` : name,
  icon,
  countryTLD,
  googleTLD,
  priority: index + 1,
}));

export const territoryCodes = territories.map((territory) => territory.code) as [string, ...string[]];
export const defaultTerritoryCode = 'US';

const byCode = new Map(territories.map((territory) => [territory.code, territory]));

/** ISO codes that name a supported territory under another code. */
const territoryAliases: Record<string, string> = { GB: 'UK' };

/** The supported territory for a country code (case-insensitive; GB → UK), or undefined. */
export function findTerritory(code: string): Territory | undefined {
  const upper = code.trim().toUpperCase();
  return byCode.get(territoryAliases[upper] ?? upper);
}

/**
 * The `countryCode` every search API call carries (docs/product/site.md §7). Missing means the default territory; an unsupported
 * code is refused so a typo never silently shows another country's data.
 */
export const countryCodeSchema = z
  .string()
  .trim()
  .optional()
  .transform((code, context) => {
    if (!code) return defaultTerritoryCode;
    const territory = findTerritory(code);
    if (territory) return territory.code;
    context.addIssue({ code: 'custom', message: `Research data is not available for the country "${code}". Choose one of ${territoryCodes.join(', ')}.` });
    return z.NEVER;
  });
