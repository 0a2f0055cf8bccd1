import type { KeywordRow, KeywordSortColumn } from '@serpwise/contracts';
import { rankChangeOf, type TrackedTermMetrics } from '@serpwise/research';
import type { ProjectKeywordRecord } from '@serpwise/database';

/** A keyword universe row from the project's keyword and the warehouse's metrics (null metrics: unknown term). */
export function keywordRow(record: ProjectKeywordRecord, metrics: TrackedTermMetrics | undefined): KeywordRow {
  return {
    termId: record.termId,
    keyword: record.term,
    monthlySearches: metrics?.volume ?? null,
    costPerClick: metrics?.cpc ?? null,
    rankingDifficulty: metrics?.difficulty ?? null,
    currentRank: metrics?.currentRank ?? null,
    previousRank: metrics?.previousRank ?? null,
    rankChange: rankChangeOf(metrics),
    clickChange: metrics ? metrics.clicks - metrics.previousClicks : null,
    groupsCsv: record.groups.join(','),
    groupCount: record.groups.length,
    labelsCsv: record.labels.join(','),
    labelCount: record.labels.length,
    addedAt: record.addedAt,
  };
}

const textColumns = new Set<KeywordSortColumn>(['keyword', 'groups', 'labels', 'addedAt']);

const sortValue = (row: KeywordRow, column: KeywordSortColumn): string | number | null => {
  switch (column) {
    case 'keyword':
      return row.keyword;
    case 'groups':
      return row.groupsCsv || null;
    case 'labels':
      return row.labelsCsv || null;
    case 'addedAt':
      return row.addedAt;
    default:
      return row[column];
  }
};

export interface KeywordTableRequest {
  filterTerm?: string;
  sortColumn?: KeywordSortColumn;
  sortOrder?: 'asc' | 'desc';
  emptyValues: 'high' | 'low';
  startRow: number;
  rowsToDisplay: number;
}

/**
 * Filters (the keyword contains the filter text, ignoring case), sorts and pages the rows. A column sorts asc first
 * when it holds text and desc when it holds numbers (docs/product/site.md §9); empty values count as the highest ('high') or lowest
 * ('low', default) values. Without a column: most searched first. Ties go by keyword.
 */
export function keywordTable(rows: readonly KeywordRow[], request: KeywordTableRequest): { keywords: KeywordRow[]; totalRowCount: number } {
  const filter = request.filterTerm?.trim().toLowerCase();
  const filtered = filter ? rows.filter((row) => row.keyword.includes(filter)) : [...rows];
  const column = request.sortColumn ?? 'monthlySearches';
  const direction = request.sortOrder ?? (textColumns.has(column) ? 'asc' : 'desc');
  const sign = direction === 'asc' ? 1 : -1;
  const emptyRank = request.emptyValues === 'high' ? 1 : -1;
  filtered.sort((a, b) => {
    const left = sortValue(a, column);
    const right = sortValue(b, column);
    let order = 0;
    if (left === null && right !== null) order = emptyRank * sign;
    else if (left !== null && right === null) order = -emptyRank * sign;
    else if (left !== null && right !== null) order = (typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right))) * sign;
    return order || a.keyword.localeCompare(b.keyword);
  });
  const start = request.startRow - 1;
  return { keywords: filtered.slice(start, start + request.rowsToDisplay), totalRowCount: filtered.length };
}
