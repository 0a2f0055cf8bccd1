import type { KeywordOverviewAnswer } from '@serpwise/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { BarChart } from '@/components/ui/charts/bar-chart';
import type { ColumnDef } from '@/components/ui/table/columns';
import { cellValue } from '@/components/ui/table/columns';
import { DataTable } from '@/components/ui/table/data-table';
import { sortRows, type SortState } from '@/components/ui/table/sort-cycle';
import { LockIcon } from '@/components/ui/table/lock-overlay';
import { formatCompact, formatCurrency, formatMonth, formatNumber, formatPercent } from '@/lib/format';
import { useViewerLock } from '@/features/paywall';
import { useResearch } from '../api/research-request';
import { AdCopy } from '../components/ad-cells';
import { Difficulty, DomainLink, Position, UrlLink } from '../components/cells';
import { MetricCards, type Metric } from '../components/metric-cards';
import { ResearchAside } from '../components/research-aside';
import { ResearchPage } from '../components/research-page';
import { Card, Loading, NotFound, ResearchError } from '../components/status';
import { useResearchSubject } from '../hooks/use-research-subject';
import { subjectHref, subjectLinks } from '../overview/overview-parts';

type OrganicResult = KeywordOverviewAnswer['organic'][number];

/** Keyword overview (route keyword:overview): volume, cost, difficulty, the organic top 10 and the ads of the month. */
export function KeywordOverviewPage() {
  const subject = useResearchSubject();
  const keyword = subject.query;
  const { lock } = useViewerLock();
  const [sort, setSort] = useState<SortState | null>(null);
  const { data, error, isPending } = useResearch<KeywordOverviewAnswer>('keyword/overview', keyword ? { query: keyword, countryCode: subject.countryCode } : null);
  const territoryName = subject.territory?.name ?? subject.countryCode;
  const lockLink = lock ?? { text: 'Unlock all the data', link: '/mainpurchase' };
  const metrics: Metric[] = data?.wasQueryFound
    ? [
        { label: 'Monthly searches', value: formatCompact(data.volume) },
        {
          label: 'Cost per click',
          // Withheld for a visitor or free user (the lock); for a full user a null CPC is unknown: "—".
          value:
            data.cpc === null && lock ? (
              <Link to={lockLink.link} className="metric-lock" title={lockLink.text}>
                <LockIcon size={16} /> {lockLink.text}
              </Link>
            ) : (
              formatCurrency(data.cpc)
            ),
        },
        { label: 'Difficulty', value: <Difficulty value={data.difficulty} /> },
        { label: 'Paid competition', value: formatPercent(data.competition === null ? null : data.competition * 100, 0) },
        { label: 'Results', value: formatCompact(data.resultCount) },
      ]
    : [];
  const organicColumns: ColumnDef<OrganicResult>[] = [
    { key: 'position', label: 'Pos.', kind: 'number', align: 'center', emptyValues: 'high', render: (row) => <Position value={row.position} /> },
    { key: 'domain', label: 'Domain', kind: 'text', render: (row) => <DomainLink domain={row.domain} countryCode={subject.countryParam} /> },
    { key: 'url', label: 'Page', kind: 'text', shrinks: true, render: (row) => <UrlLink url={row.url} title={row.title} countryCode={subject.countryParam} /> },
    { key: 'clicks', label: 'Clicks', kind: 'number', format: 'number' },
  ];
  // Ten rows: sorted in the browser, with the same cycle and empty-values rule as the server tables.
  const organic = sortRows(data?.organic ?? [], sort, (row, column) => cellValue(row, organicColumns.find((candidate) => candidate.key === column)!), (column) => organicColumns.find((candidate) => candidate.key === column)?.emptyValues);
  const links = keyword
    ? subjectLinks(keyword, subject.countryParam, [
        ['Related keywords', '/keyword/related-keywords', 'Similar searches, questions, buyer terms'],
        ['SERP analysis', '/keyword/serp-analysis', 'Who ranks, and how strong they are'],
        ['Ranking history', '/keyword/ranking-history', 'The top 10 over 12 months'],
        ['Ad history', '/keyword/ad-history', 'Who advertised, and their ads'],
        ['Ad templates', '/ppc/adwords-templates', 'Ads that ran for it'],
      ])
    : [];

  return (
    <ResearchPage
      section="keyword"
      title="Keyword overview"
      kind="keyword"
      month={data?.month}
      prompt={{ label: 'Research a keyword', placeholder: 'Enter a keyword, e.g. running shoes', example: 'wireless earbuds' }}
      aside={data?.wasQueryFound ? <ResearchAside links={links} /> : undefined}
    >
      {error ? (
        <ResearchError error={error} />
      ) : isPending || !data ? (
        <Loading />
      ) : !data.wasQueryFound ? (
        <NotFound query={keyword ?? ''} territory={territoryName} />
      ) : (
        <>
          <div>
            <p className="keyword-flags">
              {data.isQuestion && <span className="pill">Question</span>}
              {data.isTransactional && <span className="pill pill--good">Buyer intent</span>}
            </p>
            <MetricCards label="Keyword metrics" metrics={metrics} />
          </div>
          <Card title="Search volume">
            <BarChart
              title={`Monthly searches for ${data.keyword}`}
              labels={data.volumeHistory.map((point) => formatMonth(point.month, { short: true }))}
              values={data.volumeHistory.map((point) => point.volume)}
              formatValue={formatCompact}
              height={220}
            />
          </Card>
          <div className="research-grid research-grid--wide">
            <Card
              title="Organic top 10"
              link={{ to: subjectHref('/keyword/serp-analysis', data.keyword, subject.countryParam), label: 'SERP analysis' }}
            >
              <DataTable caption={`Organic top 10 for ${data.keyword}`} columns={organicColumns} rows={organic} rowKey={(row) => `${row.position}|${row.url}`} sort={sort} onSortChange={setSort} emptyMessage="No organic results stored this month." />
            </Card>
            <Card
              title="Ads"
              link={{ to: subjectHref('/keyword/ad-history', data.keyword, subject.countryParam), label: 'Ad history' }}
            >
              {data.advertisers.length === 0 ? (
                <p className="muted">Nobody advertised on this search in {formatMonth(data.month)}.</p>
              ) : (
                <ol className="ad-list">
                  {data.advertisers.map((ad) => (
                    <li key={`${ad.position}|${ad.domain}`}>
                      <AdCopy headline={ad.headline} body={ad.body} displayUrl={ad.displayUrl} />
                      <small>
                        Position {ad.position} · {ad.paidClicks === null ? 'clicks locked' : `${formatNumber(ad.paidClicks)} clicks`}
                      </small>
                    </li>
                  ))}
                </ol>
              )}
            </Card>
          </div>
        </>
      )}
    </ResearchPage>
  );
}
