import { hostOfText, isLockedRow } from '@serpwise/contracts';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useResearch, type ResearchParams } from '../api/research-request';
import { chartColors } from '@/components/ui/charts/scale';

/** The competitors of a kombat URL: one or two domains, comma-separated. */
export const competitorList = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .slice(0, 2);

/** The domains a kombat compares (SEO and PPC): yours and one or two competitors, written to ?query= and ?competitors=. */
export function KombatSetup({ domains }: { domains: string[] }) {
  const [values, setValues] = useState([domains[0] ?? '', domains[1] ?? '', domains[2] ?? '']);
  const [, setParams] = useSearchParams();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [you, ...rest] = values.map((value) => value.trim());
    setParams((current) => {
      const next = new URLSearchParams();
      if (current.get('countryCode')) next.set('countryCode', current.get('countryCode')!);
      if (you) next.set('query', you);
      const competitors = rest.filter(Boolean);
      if (competitors.length) next.set('competitors', competitors.join(','));
      return next;
    });
  };
  const labels = ['Your domain', 'Competitor 1', 'Competitor 2 (optional)'];
  return (
    <form className="kombat-setup research-card" onSubmit={submit} aria-label="Domains to compare">
      {labels.map((label, index) => (
        <div className="field" key={label}>
          <label htmlFor={`kombat-domain-${index}`}>
            <span className="domain-dot" style={{ background: chartColors[index] }} />
            {label}
          </label>
          <input
            id={`kombat-domain-${index}`}
            value={values[index]}
            placeholder={index === 0 ? 'you.com' : 'rival.com'}
            onChange={(event) => setValues(values.map((value, at) => (at === index ? event.target.value : value)))}
          />
        </div>
      ))}
      <button type="submit" className="button button--primary">
        Compare
      </button>
    </form>
  );
}


/**
 * A kombat opened without competitors compares the domain with its two closest competitors (the first rows of the
 * competitors table), written into the URL. Returns true while it looks them up.
 */
export function useAutoCompetitors(endpoint: string, params: ResearchParams | null): boolean {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const suggestions = useResearch<{ rows: ({ domain: string } | { locked: true; rowNumber: number })[] }>(endpoint, params);
  const top = (suggestions.data?.rows ?? [])
    .filter((row): row is { domain: string } => !isLockedRow(row))
    .slice(0, 2)
    .map((row) => row.domain)
    .join(',');
  useEffect(() => {
    if (!params || !top) return;
    const next = new URLSearchParams(searchParams);
    next.set('competitors', top);
    void navigate({ search: `?${next}` }, { replace: true });
  }, [params, top, searchParams, navigate]);
  return params !== null && suggestions.isFetching;
}

/**
 * The domains a kombat compares: the searched domain first, then the competitors of the URL. `domains` keeps its
 * identity while the list is the same, so the columns built from it are not rebuilt on every render.
 */
export function useKombatDomains(query: string | null): { you: string | null; competitors: string[]; domains: string[] } {
  const [params] = useSearchParams();
  const you = query ? hostOfText(query) : null;
  const competitors = competitorList(params.get('competitors'));
  const domainList = you ? [you, ...competitors].join(',') : '';
  const domains = useMemo(() => (domainList ? domainList.split(',') : []), [domainList]);
  return { you, competitors, domains };
}
