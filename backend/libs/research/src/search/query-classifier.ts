import { hostOfText, normaliseKeyword, type SearchResultType } from '@serpwise/contracts';

export type ClassifiedQuery =
  | { ok: true; type: SearchResultType; cleansed: string; /** A quoted query: try this exact term first. */ exactTerm: string | null }
  | { ok: false; message: string };

export const malformedQueryMessage = 'It looks like you mis-typed the url in your search.';

/** A keyword typed as a search: normalised, without the surrounding quotes that ask for the exact term. */
export const keywordOfSearch = (text: string) => normaliseKeyword(text.trim().replace(/^"+|"+$/g, ''));

/** True for text that is meant as a site: no spaces, a dot, and a scheme, a www., a path or a word ending. */
function looksLikeSite(text: string): boolean {
  if (/\s/.test(text) || !text.includes('.')) return false;
  if (/^www\./i.test(text) || text.includes('/')) return true;
  return /\.[a-z]{2,}$/i.test(text.replace(/\.$/, ''));
}

/**
 * Decides whether a query is a domain, a URL or a term (docs/product/site.md §4). Text shaped like a site that is not
 * a valid one (two dots in a row, a bad character in the host, an unknown scheme) is malformed: the caller
 * answers 400 and the web app shows its typo page.
 */
export function classifyQuery(raw: string, isSiteQuery = false): ClassifiedQuery {
  const text = raw.trim();
  if (!text) return { ok: false, message: 'Enter a domain, URL or keyword to search.' };
  if ([...text].some((character) => character.charCodeAt(0) < 32 || character.charCodeAt(0) === 127)) return { ok: false, message: malformedQueryMessage };

  const quoted = /^"(.+)"$/s.exec(text);
  const exactTerm = quoted ? keywordOfSearch(quoted[1]!) : null;
  const body = quoted ? quoted[1]!.trim() : text;

  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(body);
  if (scheme || looksLikeSite(body)) {
    if (scheme && !/^https?$/i.test(scheme[1]!)) return { ok: false, message: malformedQueryMessage };
    let url: URL;
    try {
      url = new URL(scheme ? body : `http://${body}`);
    } catch {
      return { ok: false, message: malformedQueryMessage };
    }
    // WHATWG URL accepts hosts like "a..b"; the raw host text is checked too.
    const rawHost = (scheme ? body.slice(scheme[0].length) : body).split(/[/?#]/)[0]!.replace(/:\d+$/, '');
    const host = hostOfText(url.hostname);
    if (!host || !hostOfText(rawHost) || url.username || url.password) return { ok: false, message: malformedQueryMessage };
    const path = url.pathname + url.search;
    if (path === '/' || path === '') return { ok: true, type: 'domain', cleansed: host, exactTerm };
    return { ok: true, type: 'url', cleansed: `${url.protocol}//${url.hostname.toLowerCase()}${path}`, exactTerm };
  }
  if (isSiteQuery) return { ok: false, message: `"${body}" is not a domain or URL.` };
  const term = keywordOfSearch(body);
  if (!term) return { ok: false, message: 'Enter a domain, URL or keyword to search.' };
  return { ok: true, type: 'term', cleansed: term, exactTerm };
}

/** The spellings of a URL the warehouse may hold it under: http/https, with and without www., with and without the trailing slash. */
export function urlVariants(cleansed: string): string[] {
  const url = new URL(cleansed);
  const bare = url.hostname.replace(/^www\./, '');
  const paths = new Set([url.pathname + url.search]);
  if (!url.search) paths.add(url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : `${url.pathname}/`);
  const variants: string[] = [];
  for (const protocol of ['https:', 'http:']) {
    for (const host of [`www.${bare}`, bare]) for (const path of paths) if (path) variants.push(`${protocol}//${host}${path}`);
  }
  return variants;
}
