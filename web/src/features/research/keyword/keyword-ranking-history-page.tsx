import { isLockedRow, type HistoryTableExtra, type KeywordRankingHistoryRow } from '@serpwise/contracts';
import { useMemo } from 'react';
import { LineChart } from '@/components/ui/charts/line-chart';
import { assertUniqueIds } from '@/components/ui/charts/scale';
import { Sparkline } from '@/components/ui/charts/sparkline';
import type { ColumnDef } from '@/components/ui/table/columns';
import { useRowSelection } from '@/components/ui/table/row-selection';
import { formatMonth, formatNumber } from '@/lib/format';
import { DomainLink, Position, UrlLink } from '../components/cells';
import { ResearchPage } from '../components/research-page';
import { ResearchTable } from '../components/research-table';
import { Card } from '../components/status';
import { useResearchSubject } from '../hooks/use-research-subject';
import { useTableScreen } from '../hooks/use-table-screen';
import { maxChartedKeywords } from '../seo/seo-ranking-history-page';

/** Keyword ranking history (route keyword:ranking-history): this month's top 10 and where each site stood for 12 months. */
export function KeywordRankingHistoryPage() {
  const subject = useResearchSubject();
  const keyword = subject.query;
  const selection = useRowSelection(maxChartedKeywords);
  const columns = useMemo<ColumnDef<KeywordRankingHistoryRow>[]>(
    () => [
      { key: 'position', label: 'Pos.', kind: 'number', align: 'center', emptyValues: 'high', render: (row) => <Position value={row.position} /> },
      { key: 'domain', label: 'Site', kind: 'text', sticky: true, render: (row) => <DomainLink domain={row.domain} countryCode={subject.countryParam} /> },
      { key: 'positions', label: '12 months', kind: 'text', sortable: false, render: (row) => <Sparkline positions={row.positions} label={`Positions of ${row.domain} over 12 months`} /> },
      { key: 'clicks', label: 'Clicks', kind: 'number', format: 'number' },
      { key: 'url', label: 'Page', kind: 'text', sortable: false, shrinks: true, render: (row) => <UrlLink url={row.url} countryCode={subject.countryParam} /> },
    ],
    [subject.countryParam],
  );
  const table = useTableScreen<KeywordRankingHistoryRow, HistoryTableExtra>('keyword/ranking-history', keyword ? { query: keyword, countryCode: subject.countryCode } : null, columns);
  const rows = (table.data?.rows ?? []).filter((row): row is KeywordRankingHistoryRow => !isLockedRow(row));
  const charted = selection.selected.length > 0 ? rows.filter((row) => selection.selected.includes(row.domain)) : rows.slice(0, 5);
  assertUniqueIds(charted.map((row) => row.domain));
  return (
    <ResearchPage section="keyword" title="Ranking history" kind="keyword" month={table.data?.month} prompt={{ label: 'See who ranked for a search over time', placeholder: 'Enter a keyword', example: 'wireless earbuds' }}>
      {charted.length > 0 && (
        <Card title={selection.selected.length ? 'Positions of the ticked sites' : 'Positions of the top 5'} action={<span className="muted">Tick up to {maxChartedKeywords} sites to chart them</span>}>
          <LineChart
            title={`Best position per month for ${keyword}`}
            labels={(table.data?.months ?? []).map((month) => formatMonth(month, { short: true }))}
            series={charted.map((row) => ({ id: row.domain, name: row.domain, values: row.positions }))}
            formatValue={(value) => formatNumber(value, 0)}
            invert
          />
        </Card>
      )}
      <ResearchTable
        id="keyword-ranking-history"
        caption={`Ranking history of ${keyword}`}
        noun="sites"
        {...table.tableProps}
        rowKey={(row) => row.domain}
        selection={selection}
        showRowNumbers={false}
        filterLabel="Filter sites"
      />
    </ResearchPage>
  );
}
