import { Link } from 'react-router';
import { emptyText, formatNumber, formatPercent } from '@/lib/format';

/** Table cells the research screens share: links to research the value further, changes, difficulty, positions. */

const withCountry = (path: string, query: string, countryCode?: string | null) => {
  const params = new URLSearchParams({ query });
  if (countryCode) params.set('countryCode', countryCode);
  return `${path}?${params}`;
};

export function KeywordLink({ keyword, countryCode }: { keyword: string; countryCode?: string | null }) {
  return (
    <Link className="cell-main" to={withCountry('/keyword/overview', keyword, countryCode)}>
      {keyword}
    </Link>
  );
}

export function DomainLink({ domain, countryCode, to = '/overview/domain' }: { domain: string; countryCode?: string | null; to?: string }) {
  return (
    <Link className="cell-main" to={withCountry(to, domain, countryCode)}>
      {domain}
    </Link>
  );
}

/** A URL as tables show it: without the scheme and a leading www., path kept (hostOfText keeps the host only). */
export function urlForDisplay(url: string): string {
  return url.replace(/^https?:\/\/(www\.)?/i, '');
}

/**
 * The part of a page's URL after its host ("/bikes/gravel", "/" for the home page): what tells a site's own pages
 * apart when they have no title (Search Console's pages have none), since a narrow cell cuts the URL at its end.
 */
export function pathOfUrl(url: string): string {
  const withoutHost = urlForDisplay(url).replace(/^[^/?#]*/, '');
  return withoutHost === '' ? '/' : withoutHost;
}

/** A page URL: shown without the scheme, opening its URL overview. */
export function UrlLink({ url, countryCode, title }: { url: string | null; countryCode?: string | null; title?: string | null }) {
  if (!url) return <span className="cell-url">{emptyText}</span>;
  return (
    <span className="cell-stack">
      {title && <span className="cell-title">{title}</span>}
      <Link className="cell-url" to={withCountry('/overview/url', url, countryCode)} title={url}>
        {urlForDisplay(url)}
      </Link>
    </span>
  );
}

/** +3 (green, moved up / gained) or −2 (red); for positions a positive change is an improvement. */
export function Change({ value, format = (size: number) => formatNumber(size, 0) }: { value: number | null | undefined; format?: (value: number) => string }) {
  if (value === null || value === undefined) return <span className="change">{emptyText}</span>;
  const text = format(Math.abs(value));
  // A change that rounds to nothing reads as no change (no arrow, no colour).
  const zero = value === 0 || /^\$?0(\.0+)?$/.test(text);
  if (zero) return <span className="change">0</span>;
  return <span className={`change ${value > 0 ? 'change--up' : 'change--down'}`}>{`${value > 0 ? '▲' : '▼'} ${text}`}</span>;
}

/** Keyword difficulty 0–100 as a small bar: easy (green) below 30, medium below 60, hard above. */
export function Difficulty({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <span>{emptyText}</span>;
  const color = value < 30 ? '#2da44e' : value < 60 ? '#d4a72c' : '#cf222e';
  return (
    <span className="difficulty" title={`Difficulty ${value} of 100`}>
      {formatNumber(value, 0)}
      <span className="difficulty__bar" aria-hidden="true">
        <span className="difficulty__fill" style={{ width: `${Math.max(4, Math.min(100, value))}%`, background: color }} />
      </span>
    </span>
  );
}

/** A ranking position: top 3 and page one stand out; empty = not ranked. */
export function Position({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <span className="position position--none">{emptyText}</span>;
  const tone = value <= 3 ? 'position--top3' : value <= 10 ? 'position--top10' : '';
  return <span className={`position ${tone}`}>{formatNumber(value, 1)}</span>;
}

/** A percentage with a small bar under it (keyword overlap, share of clicks). */
export function ShareBar({ percent }: { percent: number }) {
  return (
    <span className="overlap">
      {formatPercent(percent)}
      <span className="overlap__bar" aria-hidden="true">
        <span style={{ width: `${Math.min(100, percent)}%` }} />
      </span>
    </span>
  );
}
