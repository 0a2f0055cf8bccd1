import { normaliseWebPath, ppcTabs, seoTabs, keywordTabs, type ResultTypeName, type SearchResultType } from '@serpwise/contracts';
import { withReturnUrl } from '@/lib/return-url';

/*
 * The search navigation rules of docs/product/site.md §4, as pure functions: where a resolved query goes from the page the
 * user is on, and what the navigation links carry when the user switches between the keyword section and the
 * domain/URL sections.
 */

export const resultTypeOf = (name: ResultTypeName): SearchResultType => (name === 'Domain' ? 'domain' : name === 'URL' ? 'url' : 'term');

/** Domains and URLs are both "sites"; keywords are "terms". Each kind remembers its own last search. */
export type SearchKind = 'site' | 'term';
export const kindOf = (type: SearchResultType): SearchKind => (type === 'term' ? 'term' : 'site');

export type ResearchSection = 'overview' | 'seo' | 'ppc' | 'keyword' | 'backlinks';

export interface ResearchLocation {
  section: ResearchSection | null;
  /** The tab segment (seo/ppc/keyword), or null. */
  tab: string | null;
  /** The domain/url suffix of the path, if any. */
  subType: 'domain' | 'url' | null;
}

const isOneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T => value !== undefined && (list as readonly string[]).includes(value);

/** Which research page a path is (case-insensitive, trailing slash ignored). */
export function researchLocation(pathname: string): ResearchLocation {
  const [first, second, third] = normaliseWebPath(pathname).split('/').slice(1);
  const subType = (value: string | undefined) => (value === 'domain' || value === 'url' ? value : null);
  switch (first) {
    case 'overview':
      return { section: 'overview', tab: null, subType: subType(second) };
    case 'seo':
      return { section: 'seo', tab: isOneOf(seoTabs, second) ? second : 'overview', subType: subType(third) };
    case 'ppc':
      return { section: 'ppc', tab: isOneOf(ppcTabs, second) ? second : 'overview', subType: subType(third) };
    case 'keyword':
      return { section: 'keyword', tab: isOneOf(keywordTabs, second) ? second : 'overview', subType: null };
    case 'backlinks':
      return { section: 'backlinks', tab: null, subType: subType(second) };
    default:
      return { section: null, tab: null, subType: null };
  }
}

/** PPC tabs that have a URL variant (docs/product/site.md §2: competitors and keywords have domain and url variants). */
const ppcUrlTabs = ['competitors', 'keywords'];

/** Keyword tabs that research a keyword from a query (bulk upload takes a list instead). */
const keywordQueryTabs = keywordTabs.filter((tab) => tab !== 'bulk-upload');

/**
 * The page a resolved query opens from the page the user is on (docs/product/site.md §4 "A result type sends the user to the matching
 * overview or adds a domain or url suffix to the path"). Keyword research accepts a keyword only, so a domain or URL
 * searched there goes to the matching domain page, and a keyword searched on a domain page to the keyword section.
 */
export function pathForResult(pathname: string, type: SearchResultType): string {
  const { section, tab } = researchLocation(pathname);
  if (type === 'term') {
    if (section === 'keyword' && isOneOf(keywordQueryTabs, tab ?? undefined)) return `/keyword/${tab}`;
    if (section === 'ppc' && (tab === 'ad-history' || tab === 'adwords-advisor')) return `/keyword/${tab}`;
    if (section === 'seo' && (tab === 'backlinks' || tab === 'ranking-history')) return `/keyword/${tab}`;
    if (section === 'backlinks') return '/keyword/backlinks';
    return '/keyword/overview';
  }
  switch (section) {
    case 'seo':
      return `/seo/${tab}/${type}`;
    case 'ppc':
      if (tab === 'adwords-templates') return type === 'domain' ? '/ppc/overview/domain' : '/overview/url';
      if (type === 'url' && !ppcUrlTabs.includes(tab!)) return '/overview/url';
      return `/ppc/${tab}/${type}`;
    case 'keyword':
      if (tab === 'backlinks' || tab === 'ranking-history') return `/seo/${tab}/${type}`;
      if ((tab === 'ad-history' || tab === 'adwords-advisor') && type === 'domain') return `/ppc/${tab}/domain`;
      return `/overview/${type}`;
    case 'backlinks':
      return `/seo/backlinks/${type}`;
    default:
      return `/overview/${type}`;
  }
}

/** A path with ?query= (and any other parameters). */
export function withQuery(path: string, query: string | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (query) params.set('query', query);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export interface LastSearch {
  query: string;
  type: SearchResultType;
}

export interface LastSearches {
  site?: LastSearch;
  term?: LastSearch;
}

const storageKey = 'serpwise:last-searches';

/** The last search of each kind, kept in the browser so the navigation can reuse it (docs/product/site.md §4). */
export function readLastSearches(): LastSearches {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as LastSearches;
    return stored && typeof stored === 'object' ? stored : {};
  } catch {
    return {};
  }
}

export function rememberSearch(search: LastSearch): void {
  const next = { ...readLastSearches(), [kindOf(search.type)]: search };
  try {
    localStorage.setItem(storageKey, JSON.stringify(next));
  } catch {
    // Private mode: the navigation just clears the query instead.
  }
}

/** The kind of query a section researches: the keyword section keywords, every other research section sites. */
export function kindOfSection(section: ResearchSection | null): SearchKind | null {
  if (section === null) return null;
  return section === 'keyword' ? 'term' : 'site';
}

/**
 * The address a navigation link opens (docs/product/site.md §4 "Switching between keyword and other sections reuses the last search
 * of that kind or clears the query"): moving within the same kind keeps the current query; moving to the other kind
 * takes the last search of that kind, or none. Site pages get the domain/url suffix of the search they carry.
 */
export function sectionHref(target: string, current: { pathname: string; query: string | null }, last: LastSearches): string {
  const targetPath = normaliseWebPath(target);
  const targetLocation = researchLocation(targetPath);
  const targetKind = kindOfSection(targetLocation.section);
  if (!targetKind) return target;
  const here = researchLocation(current.pathname);
  const hereKind = kindOfSection(here.section);

  let search: LastSearch | undefined;
  if (current.query && hereKind === targetKind) {
    search = { query: current.query, type: targetKind === 'term' ? 'term' : (here.subType ?? last.site?.type ?? 'domain') };
  } else {
    search = last[targetKind];
  }
  if (!search) return targetLocation.subType ? targetPath.replace(/\/(domain|url)$/, '') : targetPath;
  if (targetKind === 'term') return targetLocation.tab === 'bulk-upload' ? targetPath : withQuery(targetPath, search.query);
  return withQuery(pathForResult(targetPath, search.type), search.query);
}

/**
 * docs/product/site.md §4: a seo/keywords/domain request with a competitors query needs login; a visitor goes to the login page with a
 * return URL. Null when the page may open.
 */
export function competitorsLoginRedirect(pathname: string, search: string, isLoggedIn: boolean): string | null {
  if (isLoggedIn || normaliseWebPath(pathname) !== '/seo/keywords/domain') return null;
  const competitors = new URLSearchParams(search).get('competitors');
  if (!competitors?.trim()) return null;
  return withReturnUrl('/auth/login', `${pathname}${search}`);
}

/**
 * The full-page address of a search in another territory (docs/product/site.md §4 "Landing search"): the overview with the page's
 * existing query parameters kept, the trimmed query set, the competitors parameter removed, and the territory in
 * countryCode (the app adopts it as the research territory when it loads).
 */
export function territoryOverviewUrl(currentSearch: string, query: string, countryCode: string): string {
  const params = new URLSearchParams(currentSearch);
  params.delete('competitors');
  params.set('query', query.trim());
  params.set('countryCode', countryCode);
  return `/overview?${params.toString()}`;
}
