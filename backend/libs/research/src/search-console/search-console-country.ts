/**
 * Search Console names countries by ISO 3166-1 alpha-3 in lower case ('usa', 'gbr'); the warehouse by the product's
 * territory codes (alpha-2, UK for Great Britain). Countries the product has no territory for stay in the fetched
 * rows but land in no research table.
 */
const territoryByCountry: Readonly<Record<string, string>> = {
  usa: 'US', gbr: 'UK', deu: 'DE', fra: 'FR', arg: 'AR', aut: 'AT', aus: 'AU', bel: 'BE', bra: 'BR', can: 'CA',
  chl: 'CL', dnk: 'DK', ind: 'IN', irl: 'IE', ita: 'IT', jpn: 'JP', mex: 'MX', nld: 'NL', nzl: 'NZ', nor: 'NO',
  pol: 'PL', prt: 'PT', sgp: 'SG', zaf: 'ZA', esp: 'ES', swe: 'SE', che: 'CH', tur: 'TR', ukr: 'UA', ven: 'VE',
};

export const territoryOfCountry = (country: string): string | null => territoryByCountry[country.toLowerCase()] ?? null;
