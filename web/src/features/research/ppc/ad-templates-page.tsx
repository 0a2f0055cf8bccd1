import type { AdTemplateRow } from '@serpwise/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen } from '../hooks/use-table-screen';
import { adTemplateColumns } from './ppc-columns';

const steps = [
  ['Pick a keyword', 'Type the product or service you advertise, e.g. "running shoes".'],
  ['Read what works', 'We list the ad texts advertisers ran for it and every keyword containing it, with the clicks they earned.'],
  ['Write your own', 'Borrow the structure of the ads with the best positions and clicks: headline, offer, display URL.'],
  ['Download', 'Take the templates with you as a CSV to edit them in your ad editor.'],
] as const;

/**
 * AdWords templates (route ppc:adwords_templates): the ad texts that ran for a keyword, best first; get-started
 * explains the tool, download offers the templates as a file.
 */
export function AdTemplatesPage({ view = 'templates' }: { view?: 'templates' | 'get-started' | 'download' }) {
  const subject = useResearchSubject();
  const keyword = subject.query;
  const columns = useMemo(() => adTemplateColumns(subject.countryParam), [subject.countryParam]);
  const table = useTableScreen<AdTemplateRow>('ppc/ad-templates', view === 'get-started' || !keyword ? null : { query: keyword, countryCode: subject.countryCode }, columns);
  const withQuery = (path: string) => (keyword ? `${path}?${new URLSearchParams({ query: keyword })}` : path);
  return (
    <ResearchPage
      section="ppc"
      title={view === 'download' ? 'Download ad templates' : 'Ad templates'}
      kind="keyword"
      month={table.data?.month}
      needsQuery={view !== 'get-started'}
      prompt={{ label: 'Find ad templates for a keyword', placeholder: 'Enter a keyword, e.g. running shoes', example: 'wireless earbuds' }}
    >
      <nav className="chips" aria-label="Ad templates">
        <Link className={`chip${view === 'get-started' ? ' chip--active' : ''}`} to={withQuery('/ppc/adwords-templates/get-started')}>
          Get started
        </Link>
        <Link className={`chip${view === 'templates' ? ' chip--active' : ''}`} to={withQuery('/ppc/adwords-templates')}>
          Templates
        </Link>
        <Link className={`chip${view === 'download' ? ' chip--active' : ''}`} to={withQuery('/ppc/adwords-templates/download')}>
          Download
        </Link>
      </nav>
      {view === 'get-started' ? (
        <section className="tool-hero">
          <div>
            <h2>Write ads from the ones that already win</h2>
            <p>Ad templates shows the text ads competitors ran for a keyword last month, with how often they showed and the clicks they earned.</p>
            <Link className="button button--primary" to={withQuery('/ppc/adwords-templates')}>
              {keyword ? `See templates for “${keyword}”` : 'Find templates'}
            </Link>
          </div>
          <ol className="feature-list">
            {steps.map(([title, text]) => (
              <li key={title}>
                <strong>{title}.</strong> {text}
              </li>
            ))}
          </ol>
        </section>
      ) : (
        <>
          {view === 'download' && <p className="screen-hint">Download these templates as a file with the CSV button; members can export every row.</p>}
          <ResearchTable
            id="ad-templates"
            caption={`Ad templates for ${keyword}`}
            noun="ads"
            {...table.tableProps}
            rowKey={(row) => `${row.domain}|${row.headline}|${row.body}`}
            filterLabel="Filter by headline"
            emptyMessage={`No ads ran for “${keyword}” this month.`}
          />
        </>
      )}
    </ResearchPage>
  );
}
