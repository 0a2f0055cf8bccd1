import type { ColumnDef } from '@/components/ui/table/columns';
import { KeywordLink, Position } from '../components/cells';

/** A keyword preview's first columns: the keyword (to its overview, in the screen's territory) and its position. */
export const keywordPositionColumns = <Row extends { keyword: string; position: number | null }>(countryCode: string | null): ColumnDef<Row>[] => [
  { key: 'keyword', label: 'Keyword', kind: 'text', render: (row) => <KeywordLink keyword={row.keyword} countryCode={countryCode} /> },
  { key: 'position', label: 'Pos.', kind: 'number', align: 'center', render: (row) => <Position value={row.position} /> },
];

/** The organic keywords preview of a domain's or a page's overview: keyword, position, volume, clicks. */
export const organicKeywordPreviewColumns = <Row extends { keyword: string; position: number | null }>(countryCode: string | null): ColumnDef<Row>[] => [
  ...keywordPositionColumns<Row>(countryCode),
  { key: 'volume', label: 'Volume', kind: 'number', format: 'compact' },
  { key: 'clicks', label: 'Clicks', kind: 'number', format: 'compact' },
];
