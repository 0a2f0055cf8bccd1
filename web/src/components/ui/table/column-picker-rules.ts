/**
 * The column picker's rules (docs/product/account-exports-reports.md §5 "Other widget rules"): a table shows at most 5 and at
 * least 1 of its pickable columns; a column that has match types (broad, phrase, exact) can change its match type
 * only while it is shown.
 */
export const maxPickedColumns = 5;
export const minPickedColumns = 1;

export const matchTypes = ['broad', 'phrase', 'exact'] as const;
export type MatchType = (typeof matchTypes)[number];

export const matchTypeLabels: Record<MatchType, string> = { broad: 'Broad', phrase: 'Phrase', exact: 'Exact' };

export const tooManyColumnsMessage = `You can show at most ${maxPickedColumns} columns. Remove one to add another.`;
export const tooFewColumnsMessage = 'Keep at least one column.';
export const matchTypeNeedsColumnMessage = (label: string) => `Add ${label} to your columns (above) before you adjust the match type.`;

export interface PickResult {
  visible: string[];
  /** Why the change was refused; the visible columns are then unchanged. */
  error: string | null;
}

/**
 * Shows or hides one column. `order` is the table's column order, so the picked columns keep their place whatever
 * order they were picked in.
 */
export function pickColumn(visible: readonly string[], key: string, show: boolean, order: readonly string[]): PickResult {
  const shown = new Set(visible);
  if (show === shown.has(key)) return { visible: [...visible], error: null };
  if (show && shown.size >= maxPickedColumns) return { visible: [...visible], error: tooManyColumnsMessage };
  if (!show && shown.size <= minPickedColumns) return { visible: [...visible], error: tooFewColumnsMessage };
  if (show) shown.add(key);
  else shown.delete(key);
  return { visible: order.filter((column) => shown.has(column)), error: null };
}

/** Whether a match type may change now: null when it may, else the documented message. */
export function matchTypeChangeError(visible: readonly string[], column: { key: string; label: string }): string | null {
  return visible.includes(column.key) ? null : matchTypeNeedsColumnMessage(column.label);
}

/** A keyword written the way an ad platform reads its match type: broad as is, "phrase" in quotes, [exact] in brackets. */
export function withMatchType(keyword: string, matchType: MatchType): string {
  if (matchType === 'phrase') return `"${keyword}"`;
  if (matchType === 'exact') return `[${keyword}]`;
  return keyword;
}

/** The columns to show at first: the wanted defaults, cut to the limits. */
export function initialColumns(order: readonly string[], wanted: readonly string[]): string[] {
  const picked = order.filter((key) => wanted.includes(key)).slice(0, maxPickedColumns);
  return picked.length >= minPickedColumns ? picked : order.slice(0, minPickedColumns);
}
