import type { AdTemplateRow, AdvisorRow, PpcCompetitorRow, PpcKeywordRow } from '@serpwise/contracts';
import { withMatchType, type MatchType } from '@/components/ui/table/column-picker-rules';
import type { ColumnDef } from '@/components/ui/table/columns';
import { formatMonth } from '@/lib/format';
import { AdCopy } from '../components/ad-cells';
import { DomainLink, KeywordLink, Position } from '../components/cells';

/** Column sets of the PPC tables (docs/research-data.md "PPC and keyword research tables"). */

/** The keyword as an ad platform reads it, in the match type chosen in the column picker (broad, "phrase", [exact]). */
export const adKeywordColumn = <Row extends { keyword: string }>(matchType: MatchType): ColumnDef<Row> => ({
  key: 'adKeyword',
  label: 'Ad keyword',
  kind: 'text',
  sortable: false,
  pickable: true,
  matchTypes: true,
  value: (row) => withMatchType(row.keyword, matchType),
  render: (row) => <code className="ad-keyword">{withMatchType(row.keyword, matchType)}</code>,
  description: 'The keyword written in the match type you choose in Columns',
});

export function ppcCompetitorColumns(countryCode: string | null): ColumnDef<PpcCompetitorRow>[] {
  return [
    { key: 'domain', label: 'Competitor', kind: 'text', sticky: true, render: (row) => <DomainLink domain={row.domain} countryCode={countryCode} to="/ppc/overview/domain" /> },
    { key: 'commonKeywords', label: 'Common keywords', kind: 'number', format: 'number' },
    { key: 'competitionLevel', label: 'Competition level', kind: 'number', format: 'ratio', description: 'Share of the two paid keyword sets both buy' },
    { key: 'paidKeywords', label: 'Paid keywords', kind: 'number', format: 'number' },
    { key: 'paidClicks', label: 'Paid clicks', kind: 'number', format: 'number' },
    { key: 'budget', label: 'Budget', kind: 'number', format: 'currency', description: 'Estimated monthly ad spend' },
  ];
}

export function ppcKeywordColumns(countryCode: string | null, matchType: MatchType): ColumnDef<PpcKeywordRow>[] {
  return [
    { key: 'keyword', label: 'Keyword', kind: 'text', sticky: true, render: (row) => <KeywordLink keyword={row.keyword} countryCode={countryCode} /> },
    { key: 'position', label: 'Ad position', kind: 'number', emptyValues: 'high', align: 'center', render: (row) => <Position value={row.position} /> },
    { key: 'volume', label: 'Volume', kind: 'number', format: 'compact' },
    { key: 'cpc', label: 'CPC', kind: 'number', format: 'currency', pickable: true, defaultVisible: true },
    { key: 'paidClicks', label: 'Paid clicks', kind: 'number', format: 'number', pickable: true, defaultVisible: true },
    { key: 'budget', label: 'Budget', kind: 'number', format: 'currency', pickable: true, defaultVisible: true },
    { key: 'monthsBought', label: 'Months bought', kind: 'number', format: 'number', pickable: true, defaultVisible: true },
    { key: 'firstMonth', label: 'First bought', kind: 'number', align: 'right', pickable: true, render: (row) => formatMonth(row.firstMonth) },
    { key: 'ad', label: 'Ad', kind: 'text', sortable: false, pickable: true, defaultVisible: true, shrinks: true, render: (row) => <AdCopy compact headline={row.headline} body={row.body} displayUrl={row.displayUrl} /> },
    adKeywordColumn<PpcKeywordRow>(matchType),
  ];
}

export const reasonLabels: Record<NonNullable<AdvisorRow['reason']>, string> = {
  offtopic: 'Off topic',
  question: 'Question search',
  noclicks: 'No clicks',
};

export function advisorColumns(countryCode: string | null, type: 'buy' | 'negativematch', matchType: MatchType): ColumnDef<AdvisorRow>[] {
  const common: ColumnDef<AdvisorRow>[] = [
    { key: 'keyword', label: 'Keyword', kind: 'text', sticky: true, render: (row) => <KeywordLink keyword={row.keyword} countryCode={countryCode} /> },
    { key: 'volume', label: 'Volume', kind: 'number', format: 'compact' },
    { key: 'cpc', label: 'CPC', kind: 'number', format: 'currency' },
    { key: 'competition', label: 'Competition', kind: 'number', format: 'ratio', pickable: true },
  ];
  const specific: ColumnDef<AdvisorRow>[] =
    type === 'buy'
      ? [
          { key: 'advertisers', label: 'Competitors buying', kind: 'number', format: 'number', pickable: true, defaultVisible: true },
          { key: 'competitorMonths', label: 'Months bought (of 6)', kind: 'number', format: 'number', pickable: true, defaultVisible: true },
          { key: 'estimatedClicks', label: 'Est. clicks', kind: 'number', format: 'number', pickable: true, defaultVisible: true, description: 'Clicks at ad position 1' },
          { key: 'estimatedBudget', label: 'Est. budget', kind: 'number', format: 'currency', pickable: true, defaultVisible: true },
        ]
      : [
          { key: 'reason', label: 'Why', kind: 'text', render: (row) => (row.reason ? <span className="pill pill--warn">{reasonLabels[row.reason]}</span> : '—') },
          { key: 'position', label: 'Ad position', kind: 'number', emptyValues: 'high', align: 'center', pickable: true, defaultVisible: true, render: (row) => <Position value={row.position} /> },
          { key: 'paidClicks', label: 'Paid clicks', kind: 'number', format: 'number', pickable: true, defaultVisible: true },
          { key: 'estimatedClicks', label: 'Clicks saved', kind: 'number', format: 'number', pickable: true },
        ];
  return [...common, ...specific, adKeywordColumn<AdvisorRow>(matchType)];
}

export function adTemplateColumns(countryCode: string | null): ColumnDef<AdTemplateRow>[] {
  return [
    { key: 'headline', label: 'Ad', kind: 'text', render: (row) => <AdCopy headline={row.headline} body={row.body} displayUrl={row.displayUrl} /> },
    { key: 'domain', label: 'Advertiser', kind: 'text', render: (row) => <DomainLink domain={row.domain} countryCode={countryCode} to="/ppc/overview/domain" /> },
    { key: 'keywords', label: 'Keywords', kind: 'number', format: 'number', description: 'Matching keywords it showed for' },
    { key: 'bestPosition', label: 'Best position', kind: 'number', emptyValues: 'high', align: 'center', render: (row) => <Position value={row.bestPosition} /> },
    { key: 'paidClicks', label: 'Paid clicks', kind: 'number', format: 'number' },
  ];
}
