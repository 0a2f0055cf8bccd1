/**
 * How each provider names a Serpwise territory. DataForSEO takes a numeric location code (its
 * /v3/serp/google/locations list: countries are ISO 3166 numeric + 2000), SerpApi a Google `gl` country and
 * google_domain, OpenSERP a language only (it searches from wherever it runs).
 */
export interface TerritoryNames {
  dataForSeoLocationCode: number;
  googleCountry: string;
  googleDomain: string;
  language: string;
}

const territories: Record<string, TerritoryNames> = {
  US: { dataForSeoLocationCode: 2840, googleCountry: 'us', googleDomain: 'google.com', language: 'en' },
  UK: { dataForSeoLocationCode: 2826, googleCountry: 'uk', googleDomain: 'google.co.uk', language: 'en' },
  CA: { dataForSeoLocationCode: 2124, googleCountry: 'ca', googleDomain: 'google.ca', language: 'en' },
  AU: { dataForSeoLocationCode: 2036, googleCountry: 'au', googleDomain: 'google.com.au', language: 'en' },
  IE: { dataForSeoLocationCode: 2372, googleCountry: 'ie', googleDomain: 'google.ie', language: 'en' },
  NZ: { dataForSeoLocationCode: 2554, googleCountry: 'nz', googleDomain: 'google.co.nz', language: 'en' },
};

export function territoryNames(territory: string): TerritoryNames {
  const names = territories[territory.toUpperCase()];
  if (!names) throw new Error(`No SERP provider territory for ${territory}`);
  return names;
}
