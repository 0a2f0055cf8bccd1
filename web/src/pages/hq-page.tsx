import { Link } from 'react-router';
import { RequireLogin, useActiveState } from '@/features/auth';
import { CampaignDashboard } from '@/features/recon';
import { readLastSearches, SearchBox, withQuery } from '@/features/search';
import { countOf } from '@/lib/format';
import './hq-page.css';

const shortcuts = [
  { label: 'SEO Research', to: '/seo/overview', text: 'Rankings, competitors and top pages' },
  { label: 'PPC Research', to: '/ppc/overview', text: 'Ad keywords, ad history and budgets' },
  { label: 'Keyword Research', to: '/keyword/overview', text: 'Volume, cost per click and ideas' },
  { label: 'Rank Tracking', to: '/rank-tracking', text: 'Weekly ranks of your keywords' },
  { label: 'Backlink Outreach', to: '/backlinks/backlinks-outreach', text: 'Prospects, contacts and follow-ups' },
  { label: 'Custom Reports', to: '/custom-reports', text: 'Branded PDFs for every client' },
  { label: 'Recon Reports', to: '/recon', text: 'A client against its competitors, live' },
  { label: 'Competitor Projects', to: '/competitor-projects', text: 'Who competes with each of your projects' },
];

function HqDashboard() {
  const { data } = useActiveState();
  const tracking = data?.tracking;
  const last = readLastSearches();
  const recent = [last.site, last.term].filter((search) => search !== undefined);
  return (
    <div className="hq">
      <header className="hq__head">
        <div>
          <h1>My Sites</h1>
          <p className="hq__sub">Search a domain, URL or keyword to start, or pick up where you left off.</p>
        </div>
        {tracking?.billingCycle && (
          <p className="hq__billing">
            {tracking.billingCycle === 'Annually' ? 'Annual plan' : 'Monthly plan'}
            {tracking.billingMonths && <span> · {countOf(Number(tracking.billingMonths.replace(/a$/, '')), 'month')} billed</span>}
          </p>
        )}
      </header>
      <SearchBox size="compact" suggestionType={tracking?.hqSuggestionType ?? 'default'} />
      <CampaignDashboard />
      {recent.length > 0 && (
        <section className="hq__recent" aria-label="Recent searches">
          <h2>Recent searches</h2>
          <ul>
            {recent.map((search) => (
              <li key={search.query}>
                <Link to={withQuery(search.type === 'term' ? '/keyword/overview' : `/overview/${search.type}`, search.query)}>{search.query}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="hq__shortcuts" aria-label="Tools">
        {shortcuts.map((shortcut) => (
          <Link key={shortcut.to} to={shortcut.to} className="hq__shortcut">
            <strong>{shortcut.label}</strong>
            <span>{shortcut.text}</span>
          </Link>
        ))}
      </section>
    </div>
  );
}

/** /hq: the logged-in home and campaign dashboard (docs/product/site.md §2 "Dashboards"): search, billing cycle, projects and recon reports. */
export function HqPage() {
  return (
    <RequireLogin>
      <HqDashboard />
    </RequireLogin>
  );
}
