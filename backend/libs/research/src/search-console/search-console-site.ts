import { domainOfUrl } from '../warehouse/warehouse-row.js';

/**
 * The bare domain a Search Console property's data lands under: 'sc-domain:example.com' → example.com (a Domain
 * property), 'https://www.example.com/blog/' → example.com (a URL-prefix property); null when it names none.
 */
export function domainOfProperty(siteUrl: string): string | null {
  const domainProperty = /^sc-domain:(.+)$/i.exec(siteUrl.trim());
  if (domainProperty) return domainOfUrl(`https://${domainProperty[1]!.toLowerCase()}/`);
  return domainOfUrl(siteUrl.trim());
}
