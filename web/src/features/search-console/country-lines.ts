import { findTerritory, type SearchConsoleCountry } from '@serpwise/contracts';
import { formatNumber } from '@/lib/format';

/** A line of the countries table: a territory of the product, or every other country together. */
export interface CountryLine {
  name: string;
  clicks: number;
  impressions: number;
  /** The countries of "Other countries" (Search Console's codes), for its title. */
  codes: string[];
}

/**
 * The site by country (docs/product/search-console.md §2): each territory of the product by name, and the countries
 * it has none for together as "Other countries", last, whose rows are kept but on no research screen (they are per
 * territory), so that here the countries add up to the site's whole.
 */
export function countryLines(countries: readonly SearchConsoleCountry[]): CountryLine[] {
  const lines: CountryLine[] = [];
  const other: CountryLine = { name: 'Other countries', clicks: 0, impressions: 0, codes: [] };
  for (const country of countries) {
    if (country.territory === null) {
      other.clicks += country.clicks;
      other.impressions += country.impressions;
      other.codes.push(country.country.toUpperCase());
    } else {
      lines.push({ name: findTerritory(country.territory)?.name ?? country.territory, clicks: country.clicks, impressions: country.impressions, codes: [] });
    }
  }
  if (other.codes.length) lines.push({ ...other, name: `Other countries (${formatNumber(other.codes.length, 0)})` });
  return lines;
}

