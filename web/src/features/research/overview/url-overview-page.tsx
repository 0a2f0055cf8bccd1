import type { BacklinkRow, KeywordComparisonRow, UrlOverview } from '@serpwise/contracts';
import type { ColumnDef } from '@/components/ui/table/columns';
import { ApiRequestError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useResearch } from '../api/research-request';
import { DomainLink } from '../components/cells';
import { MonthAtAGlance, type Metric } from '../components/metric-cards';
import { ResearchAside } from '../components/research-aside';
import { ResearchPage } from '../components/research-page';
import { Loading, NotFound, ResearchError } from '../components/status';
import { useResearchSubject } from '../hooks/use-research-subject';
import type { ResearchSection } from '../navigation';
import { HistoryChart } from './history-chart';
import { organicKeywordPreviewColumns } from './preview-columns';
import { PreviewTable } from './preview-table';
import { LockedFigure } from '../components/locked-figure';
import { monthBefore, organicMetrics, subjectHref } from './overview-parts';

/** The URL overview (/overview/url, /seo/overview/url): one page's organic numbers, history, keywords and links. */
export function UrlOverviewPage({ section = 'overview' }: { section?: ResearchSection }) {
  const subject = useResearchSubject();
  const url = subject.query;
  const { data, error, isPending } = useResearch<UrlOverview>('url-overview', url ? { url, countryCode: subject.countryCode } : null);
  const notFound = error instanceof ApiRequestError && error.status === 404;
  const territoryName = subject.territory?.name ?? subject.countryCode;
  const latest = data?.latest;
  const previous = monthBefore(data?.history);
  const metrics: Metric[] = latest ? organicMetrics(latest, previous, { keywordsLabel: 'Keywords', hints: false, locked: <LockedFigure /> }) : [];
  const keywordColumns = organicKeywordPreviewColumns<KeywordComparisonRow>(subject.countryParam);
  const linkColumns: ColumnDef<BacklinkRow>[] = [
    { key: 'sourceDomain', label: 'Linking site', kind: 'text', render: (row) => <DomainLink domain={row.sourceDomain} countryCode={subject.countryParam} /> },
    { key: 'anchor', label: 'Anchor', kind: 'text', render: (row) => <span className="anchor-text">{row.anchor}</span> },
    { key: 'firstSeen', label: 'Since', kind: 'text', align: 'right', render: (row) => formatDate(row.firstSeen) },
  ];
  const tableParams = url ? { url, countryCode: subject.countryCode, pageSize: 20 } : null;
  const links = data
    ? [
        { label: 'Keywords of this page', to: subjectHref('/seo/keywords/url', data.url, subject.countryParam), text: 'Every keyword it ranks for' },
        { label: 'Ranking history', to: subjectHref('/seo/ranking-history/url', data.url, subject.countryParam), text: 'Its positions over 12 months' },
        { label: 'Backlinks to this page', to: subjectHref('/seo/backlinks/url', data.url, subject.countryParam), text: 'Who links to it' },
        { label: `${data.domain} overview`, to: subjectHref('/overview/domain', data.domain, subject.countryParam), text: 'The whole site' },
      ]
    : [];

  return (
    <ResearchPage
      section={section}
      title="URL overview"
      kind="url"
      month={data?.month}
      prompt={{ label: 'Research one page', placeholder: 'Enter a URL, e.g. https://example.com/page', example: 'https://www.shopsphere.example/' }}
      aside={data ? <ResearchAside links={links} /> : undefined}
    >
      {notFound ? (
        <NotFound query={url ?? ''} territory={territoryName} />
      ) : error ? (
        <ResearchError error={error} />
      ) : isPending || !data || !url ? (
        <Loading />
      ) : !latest ? (
        <NotFound query={data.url} territory={territoryName} />
      ) : (
        <>
          <MonthAtAGlance month={data.month} label="This page in organic search" metrics={metrics} />
          <HistoryChart history={data.history} subject={data.url} />
          <div className="research-grid">
            <PreviewTable
              title="Keywords of this page"
              endpoint="seo/keywords"
              params={tableParams}
              columns={keywordColumns}
              rowKey={(row) => row.keyword}
              link={{ to: subjectHref('/seo/keywords/url', data.url, subject.countryParam), label: 'All keywords' }}
              empty="This page ranks for no keywords this month."
            />
            <PreviewTable
              title="Links to this page"
              endpoint="seo/backlinks"
              params={url ? { url, pageSize: 20 } : null}
              columns={linkColumns}
              rowKey={(row) => `${row.sourceUrl}→${row.anchor}→${row.firstSeen}`}
              link={{ to: subjectHref('/seo/backlinks/url', data.url, subject.countryParam), label: 'All links' }}
              empty="No links to this page."
            />
          </div>
        </>
      )}
    </ResearchPage>
  );
}
