import { findTerritory, hostOfText, type Territory } from '@serpwise/contracts';
import { useSearchParams } from 'react-router';
import { currentCountryCode } from '@/lib/country';

export interface ResearchSubject {
  /** The trimmed ?query= (a domain, URL or keyword), or null when the page has none. */
  query: string | null;
  /** ?countryCode= when given, else the user's territory (the same one the API client sends to search calls). */
  countryCode: string;
  territory: Territory | undefined;
  /** ?countryCode= as given (null when the page uses the user's territory): links keep it. */
  countryParam: string | null;
}

/** What a research screen researches, read from its URL (docs/product/site.md §2: the landing search submits ?query=). */
export function useResearchSubject(): ResearchSubject {
  const [params] = useSearchParams();
  const query = params.get('query')?.trim() || null;
  const requested = params.get('countryCode')?.trim();
  const territory = findTerritory(requested || currentCountryCode());
  return { query, countryCode: territory?.code ?? (requested || currentCountryCode()).toUpperCase(), territory, countryParam: requested || null };
}

/** The subject of a domain screen: a URL query is researched as its site (its host), as the search box sends it. */
export function useResearchDomain(): ResearchSubject & { domain: string | null } {
  const subject = useResearchSubject();
  return { ...subject, domain: subject.query ? hostOfText(subject.query) : null };
}

/**
 * A site query is a URL (research one page) when it has a path beyond "/" — the same line JsonSearch draws;
 * otherwise a domain. Used where a path has no /domain or /url suffix.
 */
export function siteKindOf(query: string): 'domain' | 'url' {
  const withoutScheme = query.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const slash = withoutScheme.indexOf('/');
  if (slash < 0) return 'domain';
  const rest = withoutScheme.slice(slash).replace(/[?#].*$/, '');
  return rest === '/' || rest === '' ? 'domain' : 'url';
}
