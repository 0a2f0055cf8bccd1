import { isLockedRow, type KeywordComparisonRow, type TablePage } from '@serpwise/contracts';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LineChart } from '@/components/ui/charts/line-chart';
import { formatMonth, formatNumber } from '@/lib/format';
import { useActiveState } from '@/features/auth';
import { PanelUpsell, viewerOf } from '@/features/paywall';
import { useResearch } from '../api/research-request';
import { InlineTextForm } from '../components/inline-text-form';
import { ResearchPage } from '../components/research-page';
import { Card, Loading } from '../components/status';
import { useResearchDomain } from '../hooks/use-research-subject';

const features = [
  'Daily positions for every keyword you track, on Google desktop and mobile',
  'Keyword groups, labels and alerts when a keyword moves',
  'Your competitors tracked on the same keywords',
  'Scheduled white-label PDF reports for clients',
];

/**
 * /rank-tracking (also /tracking): what rank tracking does, and a preview of any domain's top keywords over 12
 * months from the research data. Full users start tracking in a project; others are offered a plan.
 */
export function RankTrackingPage() {
  const { domain, ...subject } = useResearchDomain();
  const [, setParams] = useSearchParams();
  const { data: active } = useActiveState();
  const viewer = viewerOf(active?.user);
  const id = useId();
  const preview = useResearch<TablePage<KeywordComparisonRow>>('seo/ranking-history', domain ? { domain, countryCode: subject.countryCode, type: 'MostValuable' } : null);
  const rows = (preview.data?.rows ?? []).filter((row): row is KeywordComparisonRow => !isLockedRow(row)).slice(0, 5);
  const showPreview = (text: string) => {
    if (text.trim()) setParams({ query: text.trim() });
  };
  return (
    <ResearchPage section="tools" title="Rank tracking" kind="none" needsQuery={false} heading="Rank tracking" aside={viewer !== 'full' ? <PanelUpsell /> : undefined}>
      <section className="tool-hero">
        <div>
          <h2>Know where you rank, every day</h2>
          <p>Track the keywords that matter to you and your competitors, see every move, and send the results to clients.</p>
          {viewer === 'full' ? (
            <Link className="button button--primary" to="/new-project">
              Start Tracking
            </Link>
          ) : (
            <Link className="button button--primary" to={viewer === 'visitor' ? '/mainpurchase' : '/upgrade'}>
              Start Tracking
            </Link>
          )}
        </div>
        <ul className="feature-list">
          {features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </section>
      <Card title="Preview: a site’s top keywords over 12 months">
        <InlineTextForm id={id} label="Domain" placeholder="example.com" action="Preview" initial={subject.query ?? ''} onSubmit={showPreview} />
        {domain && preview.isFetching && !preview.data ? (
          <Loading />
        ) : rows.length > 0 ? (
          <LineChart
            title={`Positions of the top keywords of ${domain}`}
            labels={(rows[0]?.history ?? []).map((point) => formatMonth(point.month, { short: true }))}
            series={rows.map((row) => ({ id: row.keyword, name: row.keyword, values: (row.history ?? []).map((point) => point.position) }))}
            formatValue={(value) => formatNumber(value, 0)}
            invert
          />
        ) : domain ? (
          <p className="muted">No ranking keywords for {domain} in {subject.territory?.name ?? subject.countryCode}.</p>
        ) : null}
      </Card>
    </ResearchPage>
  );
}
