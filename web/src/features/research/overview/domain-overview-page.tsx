import type { CompetitorRow, DomainOverviewAnswer, KeywordComparisonRow, TopPageRow } from '@serpwise/contracts';
import { BarChart } from '@/components/ui/charts/bar-chart';
import type { ColumnDef } from '@/components/ui/table/columns';
import { ApiRequestError } from '@/lib/api-client';
import { formatCompact, formatCurrency, formatMonth, formatNumber } from '@/lib/format';
import { useResearch } from '../api/research-request';
import { DomainLink, UrlLink } from '../components/cells';
import { LockedFigure } from '../components/locked-figure';
import { MetricCards, MonthAtAGlance, type Metric } from '../components/metric-cards';
import { ResearchAside } from '../components/research-aside';
import { ResearchPage } from '../components/research-page';
import { Card, Loading, NotFound, ResearchError } from '../components/status';
import { useMonthParam } from '../hooks/use-month-param';
import { useResearchSubject } from '../hooks/use-research-subject';
import type { ResearchSection } from '../navigation';
import { HistoryChart } from './history-chart';
import { organicKeywordPreviewColumns } from './preview-columns';
import { PreviewTable } from './preview-table';
import { changeSince, monthBefore, organicMetrics, subjectHref, subjectLinks } from './overview-parts';

/**
 * The domain overview (route overview; also /seo/overview/domain): the newest month's organic and paid numbers,
 * the monthly history, and the first rows of the keywords, competitors and top pages tables.
 */
export function DomainOverviewPage({ section = 'overview' }: { section?: ResearchSection }) {
  const subject = useResearchSubject();
  const explicitCountry = subject.countryParam;
  const domain = subject.query;
  const { data, error, isPending } = useResearch<DomainOverviewAnswer>('domain-overview', domain ? { domain, countryCode: subject.countryCode } : null);
  const tableParams = domain ? { domain, countryCode: subject.countryCode, pageSize: 20 } : null;
  const notFound = error instanceof ApiRequestError && error.status === 404;
  const territoryName = subject.territory?.name ?? subject.countryCode;

  // The month picker's month (?month=), else the newest.
  const monthParam = useMonthParam();
  const shownAt = monthParam && data ? data.history.findIndex((point) => point.month.startsWith(monthParam)) : -1;
  const latest = shownAt >= 0 ? data!.history[shownAt] : data?.latest;
  const previous = monthBefore(shownAt >= 0 ? data!.history.slice(0, shownAt + 1) : data?.history);
  const organic: Metric[] = latest ? organicMetrics(latest, previous, { keywordsLabel: 'Organic keywords', hints: true, locked: <LockedFigure /> }) : [];
  const paid: Metric[] = latest
    ? [
        { label: 'Top 3 keywords', value: formatNumber(latest.top3), change: changeSince(latest.top3, previous?.top3) },
        { label: 'Page one keywords', value: formatNumber(latest.top10), change: changeSince(latest.top10, previous?.top10) },
        { label: 'Paid keywords', value: formatNumber(latest.paidKeywords), change: changeSince(latest.paidKeywords, previous?.paidKeywords) },
        { label: 'PPC budget', value: latest.budget === null ? <LockedFigure /> : formatCurrency(latest.budget, { compact: true }), change: changeSince(latest.budget, previous?.budget), formatChange: (value) => formatCurrency(value, { compact: true }), hint: 'Estimated monthly ad spend' },
      ]
    : [];

  const keywordColumns = organicKeywordPreviewColumns<KeywordComparisonRow>(explicitCountry);
  const competitorColumns: ColumnDef<CompetitorRow>[] = [
    { key: 'domain', label: 'Competitor', kind: 'text', render: (row) => <DomainLink domain={row.domain} countryCode={explicitCountry} /> },
    { key: 'commonKeywords', label: 'Common', kind: 'number', format: 'number' },
    { key: 'overlap', label: 'Overlap', kind: 'number', format: 'percent' },
    { key: 'clicks', label: 'Clicks', kind: 'number', format: 'compact' },
  ];
  const pageColumns: ColumnDef<TopPageRow>[] = [
    { key: 'url', label: 'Page', kind: 'text', shrinks: true, render: (row) => <UrlLink url={row.url} countryCode={explicitCountry} /> },
    { key: 'keywords', label: 'Keywords', kind: 'number', format: 'number' },
    { key: 'clicksShare', label: 'Share', kind: 'number', format: 'percent' },
  ];

  const links = domain
    ? subjectLinks(domain, explicitCountry, [
        ['Organic keywords', '/seo/keywords/domain', 'Every keyword it ranks for'],
        ['Kombat', '/seo/kombat/domain', 'Compare it with two competitors'],
        ['Ranking history', '/seo/ranking-history/domain', 'Positions over the last 12 months'],
        ['Backlinks', '/seo/backlinks/domain', 'Who links to it'],
        ['PPC overview', '/ppc/overview/domain', 'Its ads and ad budget'],
      ])
    : [];

  return (
    <ResearchPage
      section={section}
      title="Domain overview"
      kind="domain"
      month={latest?.month ?? data?.month}
      prompt={{ label: 'Research a domain', placeholder: 'Enter a domain, e.g. example.com', example: 'shopsphere.example' }}
      aside={domain && data ? <ResearchAside links={links} /> : undefined}
    >
      {notFound ? (
        <NotFound query={domain ?? ''} territory={territoryName} />
      ) : error ? (
        <ResearchError error={error} />
      ) : isPending || !data || !domain ? (
        <Loading />
      ) : !latest ? (
        <NotFound query={domain} territory={territoryName} />
      ) : (
        <>
          <MonthAtAGlance month={latest.month} label="Organic search" metrics={organic} />
          <MetricCards label="Rankings and paid search" metrics={paid} />
          <HistoryChart history={data.history} subject={domain} />
          <div className="research-grid">
            <PreviewTable
              title="Top organic keywords"
              endpoint="seo/keywords"
              params={tableParams}
              columns={keywordColumns}
              rowKey={(row) => row.keyword}
              link={{ to: subjectHref('/seo/keywords/domain', domain, explicitCountry), label: 'All keywords' }}
              empty="No organic keywords this month."
            />
            <PreviewTable
              title="Main organic competitors"
              endpoint="seo/competitors"
              params={tableParams}
              columns={competitorColumns}
              rowKey={(row) => row.domain}
              link={{ to: subjectHref('/seo/competitors/domain', domain, explicitCountry), label: 'All competitors' }}
              empty="No competitors this month."
            />
            <PreviewTable
              title="Top pages"
              endpoint="seo/top-pages"
              params={tableParams}
              columns={pageColumns}
              rowKey={(row) => row.url}
              link={{ to: subjectHref('/seo/top-pages/domain', domain, explicitCountry), label: 'All pages' }}
              empty="No ranking pages this month."
            />
            <Card
              title="Paid search keywords"
              link={{ to: subjectHref('/ppc/overview/domain', domain, explicitCountry), label: 'PPC overview' }}
            >
              {data.history.some((point) => point.paidKeywords > 0) ? (
                <BarChart
                  title={`Paid keywords per month for ${domain}`}
                  labels={data.history.map((point) => formatMonth(point.month, { short: true }))}
                  values={data.history.map((point) => point.paidKeywords)}
                  formatValue={formatCompact}
                  height={220}
                  color="#e8590c"
                />
              ) : (
                <p className="muted">{domain} has not advertised in {territoryName} search results.</p>
              )}
            </Card>
          </div>
        </>
      )}
    </ResearchPage>
  );
}
