import { hostOfText, importSourceNames, type LiveDataFetch, type SubjectMonth, type SubjectMonthsAnswer } from '@serpwise/contracts';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate, formatMonth } from '@/lib/format';
import { useResearch } from '../api/research-request';
import { useMonthParam } from '../hooks/use-month-param';
import type { SubjectKind } from '../navigation';

/**
 * The months a page's subject has data for, as the viewer sees them (GET /rest/research/months: installation data
 * and their own imports), and the one the page shows: ?month= when given, else the subject's newest.
 */
export function useSubjectMonths(kind: SubjectKind, query: string | null, countryCode: string) {
  const monthParam = useMonthParam();
  const domain = (kind === 'domain' || kind === 'url') && query ? hostOfText(query) : null;
  const params = domain ? { domain, countryCode } : kind === 'keyword' && query ? { keyword: query, countryCode } : null;
  const { data } = useResearch<SubjectMonthsAnswer>('months', params);
  const months = data?.months ?? [];
  const shown = monthParam ? months.find((entry) => entry.month.startsWith(monthParam)) ?? null : (months.at(-1) ?? null);
  // A keyword's numbers are the user's own whatever month the page shows: then the label says where they come from.
  const source = shown?.own.length ? shown : (data?.numbers ?? shown);
  return { months, shown, source, monthParam, loaded: data !== undefined };
}

/** "Search Console, Keyword Planner". */
const sourceNames = (month: SubjectMonth) => month.own.map((format) => importSourceNames[format]).join(', ');

/**
 * Where the page's figures come from, for its subject and month (docs/decisions.md, "Issue 19: the user's data wins
 * for that user", and "Issue 20: the source label of fetched subjects"): "Your data: Search Console, Nov 2024" when the
 * month has the viewer's own imports; "DataForSEO, Nov 28, 2026" when the subject's figures were fetched from a data
 * provider; else "Demo data" on an installation that shows the generated market (nothing when it shows real data).
 */
export function SourceLabel({ month, fetched, isDemoData }: { month: SubjectMonth | null; fetched: LiveDataFetch | null; isDemoData: boolean }) {
  if (month?.own.length) {
    return (
      <span className="pill pill--own" title="Figures from your own imported files, which only you see.">
        Your data: {sourceNames(month)}, {formatMonth(month.month)}
      </span>
    );
  }
  if (fetched) {
    return (
      <span className="pill pill--fetched" title={`Figures fetched from ${fetched.source} for this subject.`}>
        {fetched.source}, {formatDate(fetched.fetchedOn)}
      </span>
    );
  }
  if (!isDemoData) return null;
  return (
    <span className="pill pill--warn" title="This installation shows the generated demo market, not real search data.">
      Demo data
    </span>
  );
}

/**
 * The month a research page shows, among its subject's months (newest first; the viewer's own marked). Choosing one
 * puts it in the URL (?month=YYYY-MM), which every table of the page sends; the page, sort and filter start again.
 */
export function MonthPicker({ months, shown }: { months: readonly SubjectMonth[]; shown: SubjectMonth | null }) {
  const [, setParams] = useSearchParams();
  const id = useId();
  if (months.length === 0) return null;
  return (
    <label className="month-select" htmlFor={id}>
      <span className="visually-hidden">Month</span>
      <select
        id={id}
        value={shown?.month.slice(0, 7) ?? ''}
        onChange={(event) =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            for (const key of ['startRow', 'sort', 'dir', 'filter']) next.delete(key);
            next.set('month', event.target.value);
            return next;
          })
        }
      >
        {shown === null && <option value="">Choose a month</option>}
        {[...months].reverse().map((entry) => (
          <option key={entry.month} value={entry.month.slice(0, 7)}>
            {formatMonth(entry.month)}
            {entry.own.length ? ` · your data (${sourceNames(entry)})` : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
