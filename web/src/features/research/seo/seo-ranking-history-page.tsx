import { isLockedRow, rankingHistoryTypes, type KeywordComparisonRow, type RankingHistoryType, rankingHistoryWords } from '@serpwise/contracts';
import { useMemo } from 'react';
import { LineChart } from '@/components/ui/charts/line-chart';
import { assertUniqueIds } from '@/components/ui/charts/scale';
import { Sparkline } from '@/components/ui/charts/sparkline';
import type { ColumnDef } from '@/components/ui/table/columns';
import { useRowSelection } from '@/components/ui/table/row-selection';
import { formatMonth, formatNumber } from '@/lib/format';
import { Change, KeywordLink, Position, UrlLink } from '../components/cells';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { Card } from '../components/status';
import { TypeSelect } from '../components/type-select';
import { siteKindOf, useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen, useUrlParam } from '../hooks/use-table-screen';

/** At most this many keywords are charted together (the chart stays readable). */
export const maxChartedKeywords = 5;

/**
 * SEO ranking history (marked new): the site's best position per month over 12 months for each keyword, as a
 * sparkline per row; ticked keywords (up to five) are charted together, the first three rows until some are ticked.
 */
export function SeoRankingHistoryPage({ kind }: { kind?: 'domain' | 'url' }) {
  const subject = useResearchSubject();
  const subjectKind = kind ?? (subject.query ? siteKindOf(subject.query) : 'domain');
  const [type, setType] = useUrlParam<RankingHistoryType>('type', 'MostValuable', rankingHistoryTypes);
  const selection = useRowSelection(maxChartedKeywords);
  const columns = useMemo<ColumnDef<KeywordComparisonRow>[]>(
    () => [
      { key: 'keyword', label: 'Keyword', kind: 'text', sticky: true, render: (row) => <KeywordLink keyword={row.keyword} countryCode={subject.countryParam} /> },
      {
        key: 'history',
        label: '12 months',
        kind: 'text',
        sortable: false,
        render: (row) => <Sparkline positions={(row.history ?? []).map((point) => point.position)} label={`Positions of ${row.keyword} over 12 months`} />,
      },
      { key: 'position', label: 'Position', kind: 'number', emptyValues: 'high', align: 'center', render: (row) => <Position value={row.position} /> },
      { key: 'positionChange', label: 'Change', kind: 'number', align: 'center', render: (row) => <Change value={row.positionChange} /> },
      { key: 'volume', label: 'Volume', kind: 'number', format: 'compact' },
      { key: 'clicks', label: 'Clicks', kind: 'number', format: 'number' },
      { key: 'clicksChange', label: 'Clicks change', kind: 'number', pickable: true, defaultVisible: true, render: (row) => <Change value={row.clicksChange} format={(value) => formatNumber(value, 0)} /> },
      { key: 'cpc', label: 'CPC', kind: 'number', format: 'currency', pickable: true },
      { key: 'value', label: 'Value', kind: 'number', format: 'currency', pickable: true, defaultVisible: true },
      { key: 'url', label: 'URL', kind: 'text', pickable: true, defaultVisible: true, shrinks: true, render: (row) => <UrlLink url={row.url} countryCode={subject.countryParam} /> },
    ],
    [subject.countryParam],
  );
  const table = useTableScreen<KeywordComparisonRow>(
    'seo/ranking-history',
    subject.query ? { [subjectKind]: subject.query, countryCode: subject.countryCode, type } : null,
    columns,
  );
  const visible = (table.data?.rows ?? []).filter((row): row is KeywordComparisonRow => !isLockedRow(row));
  const charted = selection.selected.length > 0 ? visible.filter((row) => selection.selected.includes(row.keyword)) : visible.slice(0, 3);
  assertUniqueIds(charted.map((row) => row.keyword));
  const months = charted[0]?.history?.map((point) => formatMonth(point.month, { short: true })) ?? [];

  return (
    <ResearchPage
      section="seo"
      title="Ranking history"
      kind={subjectKind}
      month={table.data?.month}
      prompt={{ label: 'See how a site’s rankings moved', placeholder: 'Enter a domain or a URL', example: 'halovatech.example' }}
    >
      {charted.length > 0 && (
        <Card title={selection.selected.length > 0 ? 'Positions of the ticked keywords' : 'Positions of the top keywords'} action={<span className="muted">Tick up to {maxChartedKeywords} keywords to chart them</span>}>
          <LineChart
            title="Best position per month"
            labels={months}
            series={charted.map((row) => ({ id: row.keyword, name: row.keyword, values: (row.history ?? []).map((point) => point.position) }))}
            formatValue={(value) => formatNumber(value, 0)}
            invert
            height={240}
          />
        </Card>
      )}
      <ResearchTable
        id="seo-ranking-history"
        caption={`Ranking history of ${subject.query}`}
        noun="keywords"
        {...table.tableProps}
        rowKey={(row) => row.keyword}
        selection={selection}
        controls={
          <TypeSelect label="Show" value={type} onChange={setType} options={rankingHistoryTypes.map((value) => ({ value, label: rankingHistoryWords[value] }))} />
        }
      />
    </ResearchPage>
  );
}
