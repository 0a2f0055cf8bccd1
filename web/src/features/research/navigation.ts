import { hostOfText } from '@serpwise/contracts';
/**
 * The research sections and their tabs (docs/product/site.md §2 "Research"): SEO, PPC and keyword research. A tab's path
 * gets a /domain or /url suffix where the section researches sites; keyword tabs take the keyword as ?query=.
 */
export type ResearchSection = 'overview' | 'seo' | 'ppc' | 'keyword' | 'backlinks' | 'outreach' | 'tools';
export type SubjectKind = 'domain' | 'url' | 'keyword' | 'none';

export interface ResearchTab {
  id: string;
  label: string;
  path: string;
  /** What the tab researches: a site (domain or url suffix), a domain only, or a keyword. */
  takes: 'site' | 'domain' | 'keyword' | 'none';
  badge?: 'New';
}

export const sectionNames: Record<ResearchSection, string> = {
  overview: 'Overview',
  seo: 'SEO Research',
  ppc: 'PPC Research',
  keyword: 'Keyword Research',
  backlinks: 'Backlinks',
  outreach: 'Outreach',
  tools: 'More Tools',
};

export const sectionTabs: Partial<Record<ResearchSection, ResearchTab[]>> = {
  seo: [
    { id: 'overview', label: 'Overview', path: '/seo/overview', takes: 'site' },
    { id: 'competitors', label: 'Competitors', path: '/seo/competitors', takes: 'domain' },
    { id: 'kombat', label: 'Kombat', path: '/seo/kombat', takes: 'domain' },
    { id: 'keywords', label: 'Keywords', path: '/seo/keywords', takes: 'site' },
    { id: 'ranking-history', label: 'Ranking History', path: '/seo/ranking-history', takes: 'site', badge: 'New' },
    { id: 'top-pages', label: 'Top Pages', path: '/seo/top-pages', takes: 'domain' },
    { id: 'backlinks', label: 'Backlinks', path: '/seo/backlinks', takes: 'site' },
  ],
  ppc: [
    { id: 'overview', label: 'Overview', path: '/ppc/overview', takes: 'domain' },
    { id: 'competitors', label: 'Competitors', path: '/ppc/competitors', takes: 'domain' },
    { id: 'kombat', label: 'Kombat', path: '/ppc/kombat', takes: 'domain', badge: 'New' },
    { id: 'keywords', label: 'Keywords', path: '/ppc/keywords', takes: 'domain', badge: 'New' },
    { id: 'ad-history', label: 'Ad History', path: '/ppc/ad-history', takes: 'domain' },
    { id: 'adwords-advisor', label: 'AdWords Advisor', path: '/ppc/adwords-advisor', takes: 'domain' },
    { id: 'adwords-templates', label: 'Ad Templates', path: '/ppc/adwords-templates', takes: 'keyword' },
  ],
  keyword: [
    { id: 'overview', label: 'Overview', path: '/keyword/overview', takes: 'keyword' },
    { id: 'related-keywords', label: 'Related Keywords', path: '/keyword/related-keywords', takes: 'keyword' },
    { id: 'ad-history', label: 'Ad History', path: '/keyword/ad-history', takes: 'keyword' },
    { id: 'ranking-history', label: 'Ranking History', path: '/keyword/ranking-history', takes: 'keyword' },
    { id: 'serp-analysis', label: 'SERP Analysis', path: '/keyword/serp-analysis', takes: 'keyword' },
    { id: 'backlinks', label: 'Backlinks', path: '/keyword/backlinks', takes: 'keyword' },
    { id: 'bulk-upload', label: 'Bulk Upload', path: '/keyword/bulk-upload', takes: 'none' },
    { id: 'adwords-advisor', label: 'AdWords Advisor', path: '/keyword/adwords-advisor', takes: 'keyword' },
  ],
  backlinks: [
    { id: 'backlinks', label: 'Backlinks', path: '/backlinks/backlinks', takes: 'site' },
    { id: 'backlinks-outreach', label: 'Backlinks Outreach', path: '/backlinks/backlinks-outreach', takes: 'domain' },
  ],
  outreach: [
    { id: 'domain-top-lists', label: 'Domain Top Lists', path: '/outreach/domain-top-lists', takes: 'none' },
    { id: 'keyword-top-lists', label: 'Keyword Top Lists', path: '/outreach/keyword-top-lists', takes: 'none' },
    { id: 'custom', label: 'Custom List', path: '/outreach/top-lists/custom', takes: 'none' },
    { id: 'leads', label: 'Leads', path: '/outreach/leads', takes: 'domain' },
  ],
};

const normalisePath = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';

/** docs/product/site.md §2: tab paths match case-insensitively, ignoring a trailing slash; a tab also owns its sub-paths. */
export function isTabActive(pathname: string, tabPath: string): boolean {
  const current = normalisePath(pathname);
  const tab = normalisePath(tabPath);
  return current === tab || current.startsWith(`${tab}/`);
}

/**
 * Where a tab leads for the current subject: sites keep the query with a /domain or /url suffix (a domain-only
 * tab takes a URL's host), keyword tabs keep a keyword query and drop a site one (docs/product/site.md §4: switching between keyword
 * and other sections reuses the last search of that kind or clears the query).
 */
export function tabHref(tab: ResearchTab, subject: { query: string | null; kind: SubjectKind; countryCode: string | null }): string {
  const params = new URLSearchParams();
  let path = tab.path;
  const site = subject.kind === 'domain' || subject.kind === 'url';
  if (tab.takes === 'site' && site && subject.query) {
    path += `/${subject.kind}`;
    params.set('query', subject.query);
  } else if (tab.takes === 'domain' && site && subject.query) {
    // The backlinks area's own pages have no suffix (docs/product/site.md §2); SEO and PPC tabs do.
    if (!tab.path.startsWith('/backlinks/')) path += '/domain';
    params.set('query', (subject.kind === 'url' && hostOfText(subject.query)) || subject.query);
  } else if (tab.takes === 'keyword' && subject.kind === 'keyword' && subject.query) {
    params.set('query', subject.query);
  }
  if (subject.countryCode) params.set('countryCode', subject.countryCode);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
