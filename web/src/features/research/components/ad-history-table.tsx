import type { AdHistoryAd, AdHistoryRow, HistoryTableExtra } from '@serpwise/contracts';
import { useMemo } from 'react';
import type { ColumnDef } from '@/components/ui/table/columns';
import { formatMonth } from '@/lib/format';
import { useTableScreen } from '../hooks/use-table-screen';
import type { ResearchParams } from '../api/research-request';
import { AdCopy, MonthsStrip } from './ad-cells';
import { DomainLink, KeywordLink } from './cells';
import { ResearchTable } from './research-table';

/** The ad that ran most recently (the one shown in the newest month it ran). */
export function latestAd(ads: readonly AdHistoryAd[]): AdHistoryAd | undefined {
  return [...ads].sort((a, b) => (b.months.at(-1) ?? '').localeCompare(a.months.at(-1) ?? ''))[0];
}

/**
 * Ad history of a domain (one row per keyword) or of a keyword (one row per advertiser): which months the ad ran
 * and at what position, its paid clicks, and the latest ad text. `months` is the answer's window, oldest first.
 */
export function adHistoryColumns(kind: 'domain' | 'keyword', countryCode: string | null, months: readonly string[]): ColumnDef<AdHistoryRow>[] {
  const label: ColumnDef<AdHistoryRow> =
    kind === 'domain'
      ? { key: 'keyword', label: 'Keyword', kind: 'text', sticky: true, render: (row) => <KeywordLink keyword={row.keyword ?? ''} countryCode={countryCode} /> }
      : { key: 'domain', label: 'Advertiser', kind: 'text', sticky: true, render: (row) => <DomainLink domain={row.domain ?? ''} countryCode={countryCode} to="/ppc/overview/domain" /> };
  const metrics: ColumnDef<AdHistoryRow>[] =
    kind === 'domain'
      ? [
          { key: 'volume', label: 'Volume', kind: 'number', format: 'compact' },
          { key: 'cpc', label: 'CPC', kind: 'number', format: 'currency' },
        ]
      : [];
  return [
    label,
    {
      key: 'positions',
      label: 'Months with ads',
      kind: 'text',
      sortable: false,
      render: (row) => <MonthsStrip months={months} positions={row.positions} label={row.keyword ?? row.domain ?? ''} />,
      description: 'Each square is a month, oldest first; the number is the best ad position',
    },
    { key: 'monthsBought', label: 'Months bought', kind: 'number', format: 'number' },
    { key: 'paidClicks', label: 'Paid clicks', kind: 'number', format: 'number' },
    ...metrics,
    {
      key: 'ads',
      label: 'Latest ad',
      kind: 'text',
      sortable: false,
      // A long ad gives way with an ellipsis: at its natural width it pushed this column past the frame (issue 24 point 2).
      shrinks: true,
      render: (row) => {
        const ad = latestAd(row.ads);
        return ad ? (
          <span className="ad-latest" title={`${row.ads.length} ad ${row.ads.length === 1 ? 'text' : 'texts'}; this one last ran ${formatMonth(ad.months.at(-1))}`}>
            <AdCopy compact headline={ad.headline} body={ad.body} displayUrl={ad.displayUrl} />
          </span>
        ) : (
          '—'
        );
      },
    },
  ];
}

const noMonths: string[] = [];

export function AdHistoryTable({ kind, endpoint, request, countryCode, caption }: { kind: 'domain' | 'keyword'; endpoint: string; request: ResearchParams | null; countryCode: string | null; caption: string }) {
  // The request needs only the sortable keys; the cells need the answer's months.
  const requestColumns = useMemo(() => adHistoryColumns(kind, countryCode, noMonths), [kind, countryCode]);
  const table = useTableScreen<AdHistoryRow, HistoryTableExtra>(endpoint, request, requestColumns);
  const months = table.data?.months ?? noMonths;
  const columns = useMemo(() => adHistoryColumns(kind, countryCode, months), [kind, countryCode, months]);
  return (
    <>
      {months.length > 0 && (
        <p className="screen-hint">
          {formatMonth(months[0])} to {formatMonth(months.at(-1))}: each square is a month with the best ad position.
        </p>
      )}
      <ResearchTable
        id={`ad-history-${kind}`}
        caption={caption}
        noun={kind === 'domain' ? 'keywords' : 'advertisers'}
        {...table.tableProps}
        // The cells draw the answer's months; the request was built from the same columns without them.
        columns={columns}
        rowKey={(row) => row.keyword ?? row.domain ?? ''}
      />
    </>
  );
}
