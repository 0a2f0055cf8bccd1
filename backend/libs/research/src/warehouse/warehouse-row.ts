import { normaliseKeyword } from '@serpwise/contracts';

/**
 * One normalised row for the warehouse, whatever file or provider it came from. A row with a position and a URL
 * is an observed search result (the page ranked there for the keyword on that day); a row without them only
 * brings the keyword and its numbers (a Keyword Planner line).
 */
export interface WarehouseRow {
  keyword: string;
  /** A product territory code: 'US', 'UK', 'DE' … */
  territory: string;
  /** The day observed, YYYY-MM-DD. */
  date: string;
  position?: number | null;
  url?: string | null;
  /**
   * The site (bare domain) of a result whose page is not known: Search Console's queries say the site ranked, at an
   * average position, but not on which page. Such a result has a position and a site instead of a URL.
   */
  site?: string | null;
  title?: string | null;
  /** Monthly searches (the latest month). */
  volume?: number | null;
  /** Monthly searches, oldest first, the last one being the month of `date`; null for a month not known. */
  volumeHistory?: readonly (number | null)[] | null;
  /** US dollars. */
  cpc?: number | null;
  /** Paid competition, 0 to 1. */
  competition?: number | null;
  /** Organic difficulty, 0 to 100. */
  difficulty?: number | null;
  resultCount?: number | null;
  /** Real clicks and impressions when the source reports them (Search Console). */
  clicks?: number | null;
  impressions?: number | null;
}

const recentDomains = new Map<string, string | null>();

/** The bare host of a URL: lower case, without `www.`; null when the text is not an http(s) URL. */
export function domainOfUrl(url: string): string | null {
  const plain = plainDomain(url);
  if (plain !== undefined) return plain;
  // Files repeat their URLs (a site ranks for many keywords, a keyword every day): parsing a URL costs microseconds.
  const known = recentDomains.get(url);
  if (known !== undefined) return known;
  const domain = domainByUrlParser(url);
  if (recentDomains.size >= 100_000) recentDomains.clear();
  recentDomains.set(url, domain);
  return domain;
}

/**
 * A host of lower-case letters, digits and hyphens in dot-separated labels, whose last label is not a number (so it is
 * no IPv4 address, which the URL parser would rewrite): the URL parser leaves such a host exactly as it is.
 */
const plainHost = /^(?:[a-z0-9-]+\.)+[a-z0-9-]*[a-z-][a-z0-9-]*$/;

/**
 * domainOfUrl of an ordinary `http(s)://host/…` URL without the URL parser (a million-row import checks every row's
 * URL); undefined when the URL is anything less plain (upper case, a port, user info, an IDN, an IP address …), which
 * the parser then reads. Same answer as domainByUrlParser wherever it answers.
 */
function plainDomain(url: string): string | null | undefined {
  const start = url.startsWith('https://') ? 8 : url.startsWith('http://') ? 7 : -1;
  if (start < 0) return undefined;
  let end = start;
  for (; end < url.length; end++) {
    const code = url.charCodeAt(end);
    if (code === 47 || code === 63 || code === 35) break; // / ? #
  }
  const host = url.slice(start, end);
  if (!plainHost.test(host)) return undefined;
  const domain = host.startsWith('www.') ? host.slice(4) : host;
  return domain.includes('.') ? domain : null;
}

/** domainOfUrl by the WHATWG URL parser: right for every URL, but microseconds each. */
export function domainByUrlParser(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '').replace(/\.$/, '');
  return host.includes('.') ? host : null;
}

const validDates = new Set<string>();

function isValidDate(date: string | undefined): boolean {
  if (!date) return false;
  if (validDates.has(date)) return true;
  const valid = isoDate.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
  if (valid && validDates.size < 10_000) validDates.add(date);
  return valid;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A control character in a keyword. (Regular expressions made once: a literal in the function is a new object per row.) */
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f]/;
const territoryCode = /^[A-Z]{2}$/;

/** A number of a row that, when given, must be a finite number of zero or more. */
const badAmount = (value: number | null | undefined) => value !== null && value !== undefined && (!Number.isFinite(value) || value < 0);
/** A count of a row that, when given, must be a whole number the warehouse's int columns hold. */
const badCount = (value: number | null | undefined) => value !== null && value !== undefined && (!Number.isInteger(value) || value > maxInt);

/**
 * Why a row cannot land, or null when it can. Parsers call this to report a bad row (with its line) instead of
 * handing it on; the writer trusts the rows it gets. Checked for each of a million rows of a file: written without
 * temporary arrays or objects.
 */
export function warehouseRowProblem(row: WarehouseRow): string | null {
  const keyword = normaliseKeyword(row.keyword ?? '');
  if (!keyword) return 'The keyword is empty.';
  // Real Search Console queries run long (whole questions pasted in); 2,000 bytes keeps the keyword indexes' entries
  // inside a btree page (at most about 2,700 bytes).
  // (A UTF-16 unit is at most 3 bytes of UTF-8: a keyword of 666 units or fewer needs no counting.)
  if (keyword.length > 666 && Buffer.byteLength(keyword) > 2000) return 'The keyword is longer than 2,000 bytes.';
  if (controlCharacter.test(keyword)) return 'The keyword contains control characters.';
  if (!territoryCode.test(row.territory ?? '')) return `The territory "${row.territory ?? ''}" is not a territory code.`;
  if (!isValidDate(row.date)) return `The date "${row.date ?? ''}" is not a date (YYYY-MM-DD).`;
  const hasPosition = row.position !== null && row.position !== undefined;
  const hasUrl = row.url !== null && row.url !== undefined && row.url !== '';
  const hasSite = row.site !== null && row.site !== undefined && row.site !== '';
  if (hasUrl && hasSite) return 'A result has either a URL or a site, not both.';
  if (hasPosition !== (hasUrl || hasSite)) return hasPosition ? 'The URL is missing.' : 'The position is missing.';
  if (hasSite && domainOfUrl(`https://${row.site}/`) !== row.site) return `The site "${row.site}" is not a bare domain.`;
  if (hasPosition && (!Number.isInteger(row.position) || row.position! < 1 || row.position! > 1000)) {
    return `The position "${row.position}" is not a whole number from 1 to 1000.`;
  }
  if (hasUrl && !domainOfUrl(row.url!)) return `The URL "${row.url}" is not an http(s) address of a site.`;
  if (badAmount(row.volume)) return `The volume "${row.volume}" is not a number of zero or more.`;
  if (badAmount(row.clicks)) return `The clicks "${row.clicks}" is not a number of zero or more.`;
  if (badAmount(row.impressions)) return `The impressions "${row.impressions}" is not a number of zero or more.`;
  if (badAmount(row.cpc)) return `The cpc "${row.cpc}" is not a number of zero or more.`;
  // What the warehouse's columns hold: a value beyond them would fail the whole import instead of this row.
  if (badCount(row.clicks)) return `The clicks "${row.clicks}" is not a whole number.`;
  if (badCount(row.impressions)) return `The impressions "${row.impressions}" is not a whole number.`;
  if (row.volume !== null && row.volume !== undefined && row.volume > maxInt) return `The volume "${row.volume}" is too large.`;
  if (row.cpc !== null && row.cpc !== undefined && row.cpc > maxCpc) return `The cpc "${row.cpc}" is above ${maxCpc.toLocaleString('en-US')}.`;
  if (row.competition !== null && row.competition !== undefined && !(row.competition >= 0 && row.competition <= 1)) {
    return `The competition "${row.competition}" is not a number from 0 to 1.`;
  }
  if (row.difficulty !== null && row.difficulty !== undefined && !(row.difficulty >= 0 && row.difficulty <= 100)) {
    return `The difficulty "${row.difficulty}" is not a number from 0 to 100.`;
  }
  return null;
}

const maxInt = 2_147_483_647;
/** keyword.cpc is numeric(8,2). */
const maxCpc = 999_999.99;
