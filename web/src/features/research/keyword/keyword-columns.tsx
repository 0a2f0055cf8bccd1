import type { BulkKeywordRow, KeywordBacklinkRow, RelatedKeywordRow, SerpAnalysisRow } from '@serpwise/contracts';
import type { MatchType } from '@/components/ui/table/column-picker-rules';
import type { ColumnDef } from '@/components/ui/table/columns';
import { Difficulty, DomainLink, KeywordLink, Position, UrlLink } from '../components/cells';
import { adKeywordColumn } from '../ppc/ppc-columns';
import { anchorColumn, linkingPageColumn, linkLifeColumns, targetPageColumn } from '../seo/seo-columns';

/** Column sets of the keyword research tables. */

export function relatedColumns(countryCode: string | null, matchType: MatchType): ColumnDef<RelatedKeywordRow>[] {
  return [
    { key: 'keyword', label: 'Keyword', kind: 'text', sticky: true, render: (row) => <KeywordLink keyword={row.keyword} countryCode={countryCode} /> },
    { key: 'shared', label: 'Relevance', kind: 'number', format: 'percent', description: 'How strongly it is related: the share of the keyword’s advertisers, top sites or words it has too' },
    { key: 'volume', label: 'Volume', kind: 'number', format: 'compact' },
    { key: 'cpc', label: 'CPC', kind: 'number', format: 'currency', pickable: true, defaultVisible: true },
    { key: 'difficulty', label: 'Difficulty', kind: 'number', pickable: true, defaultVisible: true, render: (row) => <Difficulty value={row.difficulty} /> },
    { key: 'competition', label: 'Competition', kind: 'number', format: 'ratio', pickable: true, defaultVisible: true },
    { key: 'resultCount', label: 'Results', kind: 'number', format: 'compact', pickable: true },
    adKeywordColumn<RelatedKeywordRow>(matchType),
  ];
}

export function serpColumns(countryCode: string | null): ColumnDef<SerpAnalysisRow>[] {
  return [
    { key: 'position', label: 'Pos.', kind: 'number', align: 'center', emptyValues: 'high', render: (row) => <Position value={row.position} /> },
    { key: 'domain', label: 'Result', kind: 'text', sticky: true, shrinks: true, render: (row) => <span className="cell-stack"><DomainLink domain={row.domain} countryCode={countryCode} /><UrlLink url={row.url} title={row.title} countryCode={countryCode} /></span> },
    { key: 'clicks', label: 'Clicks', kind: 'number', format: 'number' },
    { key: 'value', label: 'Value', kind: 'number', format: 'currency' },
    { key: 'domainKeywords', label: 'Site keywords', kind: 'number', format: 'compact', pickable: true, defaultVisible: true },
    { key: 'domainClicks', label: 'Site clicks', kind: 'number', format: 'compact', pickable: true, defaultVisible: true },
    { key: 'domainBacklinks', label: 'Site backlinks', kind: 'number', format: 'compact', pickable: true, defaultVisible: true },
    { key: 'pageBacklinks', label: 'Page backlinks', kind: 'number', format: 'number', pickable: true, defaultVisible: true },
  ];
}

export function keywordBacklinkColumns(countryCode: string | null): ColumnDef<KeywordBacklinkRow>[] {
  return [
    linkingPageColumn<KeywordBacklinkRow>('sourceDomain', countryCode),
    anchorColumn<KeywordBacklinkRow>(),
    targetPageColumn<KeywordBacklinkRow>('Ranking page', countryCode),
    { key: 'targetPosition', label: 'Its position', kind: 'number', align: 'center', emptyValues: 'high', render: (row) => <Position value={row.targetPosition} /> },
    ...linkLifeColumns<KeywordBacklinkRow>(),
  ];
}

export function bulkColumns(countryCode: string | null, matchType: MatchType): ColumnDef<BulkKeywordRow>[] {
  return [
    { key: 'keyword', label: 'Keyword', kind: 'text', sticky: true, render: (row) => <KeywordLink keyword={row.keyword} countryCode={countryCode} /> },
    { key: 'volume', label: 'Volume', kind: 'number', format: 'compact' },
    { key: 'cpc', label: 'CPC', kind: 'number', format: 'currency', pickable: true, defaultVisible: true },
    { key: 'difficulty', label: 'Difficulty', kind: 'number', pickable: true, defaultVisible: true, render: (row) => <Difficulty value={row.difficulty} /> },
    { key: 'competition', label: 'Competition', kind: 'number', format: 'ratio', pickable: true },
    { key: 'organicClicks', label: 'Organic clicks', kind: 'number', format: 'number', pickable: true, defaultVisible: true },
    { key: 'advertisers', label: 'Advertisers', kind: 'number', format: 'number', pickable: true, defaultVisible: true },
    { key: 'resultCount', label: 'Results', kind: 'number', format: 'compact', pickable: true },
    adKeywordColumn<BulkKeywordRow>(matchType),
  ];
}
