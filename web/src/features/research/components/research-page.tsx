import { territories, type FootprintStats } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { apiRequest } from '@/lib/api-client';
import { formatMonth } from '@/lib/format';
import { useScraperPaywall } from '@/features/paywall';
import { useResearchSubject } from '../hooks/use-research-subject';
import { useLiveDataState } from '../api/live-data';
import { LiveDataPanel, liveDataQueryOf } from './live-data-panel';
import { MonthPicker, SourceLabel, useSubjectMonths } from './month-picker';
import { isTabActive, sectionNames, sectionTabs, tabHref, type ResearchSection, type SubjectKind } from '../navigation';
import '../research.css';

interface ResearchPageProps {
  section: ResearchSection;
  /** The screen's name, under the subject ("Organic keywords"). */
  title: string;
  kind: SubjectKind;
  /** The month the numbers are for, once known. */
  month?: string | null;
  /** What to ask for when the URL has no query. */
  prompt?: { label: string; placeholder: string; example: string };
  /** The subject shown as the heading, when it is not the query itself (kombat shows several domains). */
  heading?: ReactNode;
  /** Screens without a query (top lists, bulk upload, tool pages). */
  needsQuery?: boolean;
  aside?: ReactNode;
  children: ReactNode;
}

const useFootprint = () =>
  useQuery({ queryKey: ['research', 'footprint'], queryFn: () => apiRequest<FootprintStats & { isDemoData?: boolean }>('/rest/research/footprint'), staleTime: Infinity });

/** Asks for the subject of a screen opened without one. Local to the research screens; the site search lives in the header. */
function QueryPrompt({ label, placeholder, example }: { label: string; placeholder: string; example: string }) {
  const [text, setText] = useState('');
  const [, setParams] = useSearchParams();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (query) setParams((current) => new URLSearchParams({ ...Object.fromEntries(current), query }));
  };
  return (
    <form className="query-prompt" onSubmit={submit} role="search" aria-label={label}>
      <label htmlFor={id}>{label}</label>
      <div className="query-prompt__row">
        <input id={id} value={text} onChange={(event) => setText(event.target.value)} placeholder={placeholder} autoComplete="off" />
        <button type="submit" className="button button--primary">
          Research
        </button>
      </div>
      <p className="query-prompt__hint">
        For example{' '}
        <button type="button" className="button--link" onClick={() => setParams((current) => new URLSearchParams({ ...Object.fromEntries(current), query: example }))}>
          {example}
        </button>
      </p>
    </form>
  );
}

function TerritorySelect({ countryCode }: { countryCode: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  return (
    <label className="territory-select" htmlFor={id}>
      <span className="visually-hidden">Search territory</span>
      <select
        id={id}
        value={countryCode}
        onChange={(event) => {
          // A new territory is a new search: keep the subject, drop the page, sort and filter.
          const current = new URLSearchParams(location.search);
          const next = new URLSearchParams();
          for (const key of ['query', 'competitors', 'type', 'segment', 'status']) if (current.get(key)) next.set(key, current.get(key)!);
          next.set('countryCode', event.target.value);
          void navigate(`${location.pathname}?${next}`);
        }}
      >
        {territories.map((territory) => (
          <option key={territory.code} value={territory.code}>
            {territory.code} · {territory.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The frame of every research screen: the section's name, where its figures come from, the subject and its territory
 * and month (a picker of the subject's months), the section's tabs, and the scraper paywall check. A screen opened without a query asks for one.
 */
export function ResearchPage({ section, title, kind, month, prompt, heading, needsQuery = true, aside, children }: ResearchPageProps) {
  const subject = useResearchSubject();
  const location = useLocation();
  const [params] = useSearchParams();
  const redirecting = useScraperPaywall();
  const footprint = useFootprint();
  const subjectMonths = useSubjectMonths(kind, needsQuery ? subject.query : null, subject.countryCode);
  // The same request as the live-data panel's (one fetch, shared by the query cache): a fetched subject names its source.
  const { data: liveData } = useLiveDataState(needsQuery ? liveDataQueryOf(kind, subject.query, subject.countryCode) : null);
  const tabs = sectionTabs[section] ?? [];
  const tabList = useRef<HTMLElement>(null);
  // On a narrow screen the tab row scrolls: bring the current tab into view.
  useEffect(() => {
    const list = tabList.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (list && current && list.scrollWidth > list.clientWidth) list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [location.pathname]);
  if (redirecting) return null;
  const explicitCountry = params.get('countryCode');
  const linkSubject = { query: subject.query, kind, countryCode: explicitCountry };

  return (
    <div className="research">
      <header className="research__head">
        <div className="research__title">
          <p className="research__eyebrow">
            {sectionNames[section]}
            <SourceLabel month={subjectMonths.source} fetched={liveData?.inWarehouse ? (liveData.lastFetch ?? null) : null} isDemoData={footprint.data?.isDemoData === true} />
          </p>
          <h1>{heading ?? subject.query ?? title}</h1>
          <p className="research__meta">
            {(heading ?? subject.query) ? <span>{title}</span> : null}
            <span>{subject.territory?.name ?? subject.countryCode}</span>
            {month && subjectMonths.months.length === 0 && <span>{formatMonth(month)}</span>}
          </p>
        </div>
        <div className="research__pickers">
          <MonthPicker months={subjectMonths.months} shown={subjectMonths.shown} />
          <TerritorySelect countryCode={subject.countryCode} />
        </div>
      </header>
      {tabs.length > 0 && (
        <nav className="research-tabs" ref={tabList} aria-label={`${sectionNames[section]} tabs`}>
          {tabs.map((tab) => (
            <Link
              key={tab.id}
              to={tabHref(tab, linkSubject)}
              className={`research-tabs__tab${isTabActive(location.pathname, tab.path) ? ' research-tabs__tab--active' : ''}`}
              aria-current={isTabActive(location.pathname, tab.path) ? 'page' : undefined}
            >
              {tab.label}
              {tab.badge && <span className="research-tabs__badge">{tab.badge}</span>}
            </Link>
          ))}
        </nav>
      )}
      <div className={`research__body${aside ? ' research__body--aside' : ''}`}>
        <div className="research__main">
          {needsQuery && !subject.query && prompt ? (
            <QueryPrompt {...prompt} />
          ) : (
            <>
              {needsQuery && <LiveDataPanel kind={kind} query={subject.query} countryCode={subject.countryCode} />}
              {children}
            </>
          )}
        </div>
        {aside && <aside className="research__aside">{aside}</aside>}
      </div>
    </div>
  );
}
