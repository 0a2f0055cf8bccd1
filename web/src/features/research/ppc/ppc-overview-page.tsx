import type { PpcCompetitorRow, PpcKeywordRow, PpcOverviewAnswer } from '@serpwise/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { BarChart } from '@/components/ui/charts/bar-chart';
import { LockIcon } from '@/components/ui/table/lock-overlay';
import type { ColumnDef } from '@/components/ui/table/columns';
import { formatCompact, formatCurrency, formatMonth, formatNumber } from '@/lib/format';
import { useResearch } from '../api/research-request';
import { DomainLink } from '../components/cells';
import { LockedFigure, useLockLink } from '../components/locked-figure';
import { MonthAtAGlance, type Metric } from '../components/metric-cards';
import { ResearchAside } from '../components/research-aside';
import { ResearchPage } from '../components/research-page';
import { Card, Loading, NotFound, ResearchError } from '../components/status';
import { useResearchDomain } from '../hooks/use-research-subject';
import { keywordPositionColumns } from '../overview/preview-columns';
import { PreviewTable } from '../overview/preview-table';
import { changeSince, monthBefore, subjectHref, subjectLinks } from '../overview/overview-parts';

type PaidGraph = 'paidKeywords' | 'paidClicks' | 'budget';
const graphLabels: Record<PaidGraph, string> = { paidKeywords: 'Keywords', paidClicks: 'Clicks', budget: 'Budget' };

/** PPC overview (route ppc:overview): the domain's paid keywords, clicks and budget, month by month, and its ads. */
export function PpcOverviewPage() {
  const { domain, ...subject } = useResearchDomain();
  const [graph, setGraph] = useState<PaidGraph>('paidKeywords');
  const lockLink = useLockLink();
  const { data, error, isPending } = useResearch<PpcOverviewAnswer>('ppc/overview', domain ? { query: domain, countryCode: subject.countryCode } : null);
  const territoryName = subject.territory?.name ?? subject.countryCode;
  const latest = data?.latest;
  const previous = monthBefore(data?.history);
  const metrics: Metric[] = latest
    ? [
        { label: 'Paid keywords', value: formatNumber(latest.paidKeywords), change: changeSince(latest.paidKeywords, previous?.paidKeywords) },
        {
          label: 'Paid clicks',
          value: latest.paidClicks === null ? <LockedFigure /> : formatCompact(latest.paidClicks),
          change: changeSince(latest.paidClicks, previous?.paidClicks),
          formatChange: formatCompact,
        },
        {
          label: 'Monthly budget',
          value: latest.budget === null ? <LockedFigure /> : formatCurrency(latest.budget, { compact: true }),
          change: latest.budget === null ? undefined : changeSince(latest.budget, previous?.budget),
          formatChange: (value) => formatCurrency(value, { compact: true }),
        },
        { label: 'Ad copies', value: formatNumber(data.adCopies), hint: 'Different ad texts shown this month' },
      ]
    : [];
  const keywordColumns: ColumnDef<PpcKeywordRow>[] = [
    ...keywordPositionColumns<PpcKeywordRow>(subject.countryParam),
    { key: 'volume', label: 'Volume', kind: 'number', format: 'compact' },
    { key: 'monthsBought', label: 'Months', kind: 'number', format: 'number' },
  ];
  const competitorColumns: ColumnDef<PpcCompetitorRow>[] = [
    { key: 'domain', label: 'Competitor', kind: 'text', render: (row) => <DomainLink domain={row.domain} countryCode={subject.countryParam} to="/ppc/overview/domain" /> },
    { key: 'commonKeywords', label: 'Common', kind: 'number', format: 'number' },
    { key: 'paidKeywords', label: 'Keywords', kind: 'number', format: 'number' },
  ];
  const tableParams = domain ? { query: domain, countryCode: subject.countryCode, pageSize: 20 } : null;
  // A paid figure's graph (clicks, budget) is locked like its card.
  const graphHidden = data?.history.some((point) => point[graph] === null);
  const links = domain
    ? subjectLinks(domain, subject.countryParam, [
        ['Paid keywords', '/ppc/keywords/domain', 'Every keyword it buys, with its ads'],
        ['Ad history', '/ppc/ad-history/domain', 'Which ads ran when'],
        ['PPC kombat', '/ppc/kombat/domain', 'Compare its ads with two rivals'],
        ['AdWords advisor', '/ppc/adwords-advisor/domain', 'Keywords to buy, keywords to stop'],
        ['Organic overview', '/overview/domain', 'Its SEO side'],
      ])
    : [];

  return (
    <ResearchPage
      section="ppc"
      title="PPC overview"
      kind="domain"
      heading={domain}
      month={data?.month}
      prompt={{ label: 'See how a domain advertises', placeholder: 'Enter a domain', example: 'shopsphere.example' }}
      aside={data?.wasQueryFound ? <ResearchAside links={links} /> : undefined}
    >
      {error ? (
        <ResearchError error={error} />
      ) : isPending || !data ? (
        <Loading />
      ) : !data.wasQueryFound ? (
        <NotFound query={domain ?? ''} territory={territoryName} />
      ) : !latest ? (
        <div className="research-empty" role="status">
          <h2>No ads found</h2>
          <p>
            {domain} has not advertised in {territoryName} search results. See its <Link to={subjectHref('/overview/domain', domain!, subject.countryParam)}>organic overview</Link>.
          </p>
        </div>
      ) : (
        <>
          <MonthAtAGlance month={data.month} label="Paid search" metrics={metrics} />
          <Card
            title="Paid search history"
            action={
              <div className="graph-tabs" role="group" aria-label="Graph type">
                {(Object.keys(graphLabels) as PaidGraph[]).map((type) => (
                  <button key={type} type="button" aria-pressed={graph === type} onClick={() => setGraph(type)}>
                    {graphLabels[type]}
                  </button>
                ))}
              </div>
            }
          >
            {graphHidden ? (
              <p className="locked-note">
                <LockIcon /> {graph === 'budget' ? 'Budgets' : 'Paid clicks'} are for members. <Link to={lockLink.link}>{lockLink.text}</Link>
              </p>
            ) : (
              <BarChart
                title={`${graphLabels[graph]} per month for ${domain}`}
                labels={data.history.map((point) => formatMonth(point.month, { short: true }))}
                values={data.history.map((point) => point[graph] ?? 0)}
                formatValue={graph === 'budget' ? (value) => formatCurrency(value, { compact: true }) : formatCompact}
                color="#e8590c"
                height={240}
              />
            )}
          </Card>
          <div className="research-grid">
            <PreviewTable
              title="Paid keywords"
              endpoint="ppc/keywords"
              params={tableParams}
              columns={keywordColumns}
              rowKey={(row) => row.keyword}
              link={{ to: subjectHref('/ppc/keywords/domain', domain!, subject.countryParam), label: 'All paid keywords' }}
              empty="No paid keywords this month."
            />
            <PreviewTable
              title="PPC competitors"
              endpoint="ppc/competitors"
              params={tableParams}
              columns={competitorColumns}
              rowKey={(row) => row.domain}
              link={{ to: subjectHref('/ppc/competitors/domain', domain!, subject.countryParam), label: 'All competitors' }}
              empty="No competitors bid on its keywords."
            />
          </div>
        </>
      )}
    </ResearchPage>
  );
}
