/** Words written in capitals in a column header. */
const acronyms: Record<string, string> = { cpc: 'CPC', url: 'URL', urls: 'URLs', ppc: 'PPC', seo: 'SEO', serp: 'SERP', id: 'ID', ctr: 'CTR', mom: 'MoM' };

/**
 * The header of an exported column, from the row's field name: "commonKeywords" → "Common Keywords",
 * "cpc" → "CPC", "landingPageUrl" → "Landing Page URL".
 */
export function columnHeader(key: string): string {
  return key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => acronyms[word.toLowerCase()] ?? word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The columns of an export: the row's fields in order (the first row's, then any new ones a later row adds). */
export function exportColumnKeys(rows: readonly object[]): string[] {
  const keys: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  return keys;
}
