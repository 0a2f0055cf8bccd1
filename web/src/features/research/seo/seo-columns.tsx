import type { BacklinkRow, CompetitorRow, KeywordComparisonRow, TopPageRow } from '@serpwise/contracts';
import type { ColumnDef } from '@/components/ui/table/columns';
import { emptyText, formatCompact, formatCurrency, formatDate, formatNumber } from '@/lib/format';
import { Change, Difficulty, DomainLink, KeywordLink, Position, ShareBar, UrlLink, pathOfUrl, urlForDisplay } from '../components/cells';

/** Column sets of the SEO tables (docs/research-data.md "SEO and outreach research endpoints"). */

/** Search Console's own columns: impressions and CTR, which only the viewer's own imported site has (issue 19). */
const searchConsoleKeys: readonly string[] = ['impressions', 'ctr'];

function searchConsoleColumns<Row extends { impressions: number | null; ctr: number | null }>(): ColumnDef<Row>[] {
  return [
    { key: 'impressions', label: 'Impressions', kind: 'number', format: 'number', description: 'Impressions this month, from your Search Console export' },
    { key: 'ctr', label: 'CTR', kind: 'number', format: 'percent', description: 'Clicks ÷ impressions, from your Search Console export' },
  ];
}

/**
 * The columns a table shows for its rows: Impressions and CTR where some row has them (the viewer's own site, from
 * its Search Console export; "—" in a row without), left out elsewhere, where no row could have them.
 */
export function shownColumns<Row>(columns: readonly ColumnDef<Row>[], rows: readonly unknown[] | undefined): ColumnDef<Row>[] {
  const reported = rows?.some((row) => typeof row === 'object' && row !== null && typeof (row as { impressions?: unknown }).impressions === 'number');
  return reported ? [...columns] : columns.filter((column) => !searchConsoleKeys.includes(column.key));
}

/** The linking page of a backlink: its site, and its address without the scheme (backlink tables of SEO and keyword research). */
export function linkingPageColumn<Row extends { sourceDomain: string; sourceUrl: string }>(key: string, countryCode: string | null): ColumnDef<Row> {
  return {
    key,
    label: 'Linking page',
    kind: 'text',
    sticky: true,
    shrinks: true,
    render: (row) => (
      <span className="cell-stack">
        <DomainLink domain={row.sourceDomain} countryCode={countryCode} />
        <a className="cell-url" href={row.sourceUrl} target="_blank" rel="noopener noreferrer nofollow">
          {urlForDisplay(row.sourceUrl)}
        </a>
      </span>
    ),
  };
}

/** The anchor text of a backlink. */
export function anchorColumn<Row extends { anchor: string }>(): ColumnDef<Row> {
  return { key: 'anchor', label: 'Anchor text', kind: 'text', shrinks: true, render: (row) => <span className="anchor-text">{row.anchor}</span> };
}

/** The page a backlink points to, opening its URL overview. */
export function targetPageColumn<Row extends { targetUrl: string | null }>(label: string, countryCode: string | null): ColumnDef<Row> {
  return { key: 'targetUrl', label, kind: 'text', shrinks: true, render: (row) => <UrlLink url={row.targetUrl} countryCode={countryCode} /> };
}

/** When a backlink was first seen, and whether it is live or lost (and since when). */
export function linkLifeColumns<Row extends { firstSeen: string; lastSeen: string | null }>({ lostDateAsTitle = false } = {}): ColumnDef<Row>[] {
  const lost = (date: string) => (
    <span className="pill pill--bad" title={lostDateAsTitle ? `Lost ${formatDate(date)}` : undefined}>
      Lost {formatDate(date)}
    </span>
  );
  return [
    { key: 'firstSeen', label: 'First seen', kind: 'number', format: 'date', align: 'right' },
    { key: 'lastSeen', label: 'Status', kind: 'number', align: 'right', emptyValues: 'high', render: (row) => (row.lastSeen ? lost(row.lastSeen) : <span className="pill pill--good">Live</span>) },
  ];
}

export function keywordComparisonColumns(countryCode: string | null, options: { competitor?: boolean } = {}): ColumnDef<KeywordComparisonRow>[] {
  const columns: ColumnDef<KeywordComparisonRow>[] = [
    { key: 'keyword', label: 'Keyword', kind: 'text', sticky: true, render: (row) => <KeywordLink keyword={row.keyword} countryCode={countryCode} /> },
    { key: 'position', label: 'Position', kind: 'number', emptyValues: 'high', align: 'center', render: (row) => <Position value={row.position} />, description: 'Best position this month' },
    { key: 'positionChange', label: 'Change', kind: 'number', align: 'center', pickable: true, defaultVisible: true, render: (row) => <Change value={row.positionChange} />, description: 'Positions gained (+) or lost since last month' },
    { key: 'previousPosition', label: 'Last month', kind: 'number', emptyValues: 'high', align: 'center', pickable: true, render: (row) => <Position value={row.previousPosition} /> },
    { key: 'volume', label: 'Volume', kind: 'number', format: 'compact', description: 'Monthly searches' },
    { key: 'cpc', label: 'CPC', kind: 'number', format: 'currency', pickable: true, defaultVisible: true, description: 'Cost per click' },
    { key: 'difficulty', label: 'Difficulty', kind: 'number', pickable: true, defaultVisible: true, render: (row) => <Difficulty value={row.difficulty} /> },
    { key: 'clicks', label: 'Clicks', kind: 'number', format: 'number', description: 'Organic clicks this month: estimated, or your Search Console\'s' },
    ...searchConsoleColumns<KeywordComparisonRow>(),
    { key: 'clicksChange', label: 'Clicks change', kind: 'number', pickable: true, render: (row) => <Change value={row.clicksChange} format={(value) => formatNumber(value, 0)} /> },
    { key: 'previousClicks', label: 'Last month clicks', kind: 'number', format: 'number', pickable: true },
    { key: 'value', label: 'Value', kind: 'number', format: 'currency', pickable: true, defaultVisible: true, description: 'Clicks × CPC' },
    { key: 'url', label: 'URL', kind: 'text', pickable: true, defaultVisible: true, shrinks: true, render: (row) => <UrlLink url={row.url} countryCode={countryCode} /> },
  ];
  if (options.competitor)
    columns.splice(
      2,
      0,
      { key: 'competitor', label: 'Competitor', kind: 'text', render: (row) => (row.competitor ? <DomainLink domain={row.competitor} countryCode={countryCode} /> : '—') },
      { key: 'competitorPosition', label: 'Their position', kind: 'number', emptyValues: 'high', align: 'center', render: (row) => <Position value={row.competitorPosition} /> },
    );
  return columns;
}

export function competitorColumns(countryCode: string | null): ColumnDef<CompetitorRow>[] {
  return [
    { key: 'domain', label: 'Competitor', kind: 'text', sticky: true, render: (row) => <DomainLink domain={row.domain} countryCode={countryCode} /> },
    { key: 'commonKeywords', label: 'Common keywords', kind: 'number', format: 'number' },
    {
      key: 'overlap',
      label: 'Overlap',
      kind: 'number',
      render: (row) => <ShareBar percent={row.overlap} />,
      description: 'Share of the two keyword sets both domains rank for',
    },
    { key: 'theirKeywords', label: 'Their keywords', kind: 'number', format: 'number' },
    { key: 'clicks', label: 'Clicks', kind: 'number', format: 'number' },
    { key: 'value', label: 'Traffic value', kind: 'number', format: 'currency' },
  ];
}

export function topPageColumns(countryCode: string | null): ColumnDef<TopPageRow>[] {
  return [
    { key: 'url', label: 'Page', kind: 'text', sticky: true, shrinks: true, render: (row) => <UrlLink url={row.url} title={row.title ?? (row.url ? pathOfUrl(row.url) : null)} countryCode={countryCode} /> },
    { key: 'keywords', label: 'Keywords', kind: 'number', format: 'number' },
    { key: 'bestPosition', label: 'Best position', kind: 'number', emptyValues: 'high', align: 'center', render: (row) => <Position value={row.bestPosition} /> },
    { key: 'clicks', label: 'Clicks', kind: 'number', format: 'number' },
    ...searchConsoleColumns<TopPageRow>(),
    {
      key: 'clicksShare',
      label: 'Share of clicks',
      kind: 'number',
      render: (row) => (row.clicksShare === null ? emptyText : <ShareBar percent={row.clicksShare} />),
    },
    { key: 'value', label: 'Value', kind: 'number', format: 'currency' },
    { key: 'title', label: 'Title', kind: 'text', pickable: true, shrinks: true },
  ];
}

export function backlinkColumns(countryCode: string | null): ColumnDef<BacklinkRow>[] {
  return [
    linkingPageColumn<BacklinkRow>('sourceUrl', countryCode),
    anchorColumn<BacklinkRow>(),
    targetPageColumn<BacklinkRow>('Target page', countryCode),
    { key: 'nofollow', label: 'Type', kind: 'text', align: 'center', render: (row) => <span className={`pill${row.nofollow ? '' : ' pill--good'}`}>{row.nofollow ? 'nofollow' : 'follow'}</span> },
    ...linkLifeColumns<BacklinkRow>({ lostDateAsTitle: true }),
  ];
}

/** Short money and number texts used in the SEO cards. */
export const money = (value: number | null | undefined) => formatCurrency(value, { compact: true });
export const compact = formatCompact;
