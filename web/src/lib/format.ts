/**
 * Number formatting of docs/product/account-exports-reports.md §9: thousands separators, k/M/B/T suffixes for large
 * values, currency '$' with 2 decimals under 100 (@serpwise/contracts, text/number-format.ts); months, dates and
 * counts for the screen. Empty values (null, undefined, NaN) read as an em dash so a table never shows "null" or "NaN".
 */

import { emptyText, formatNumber } from '@serpwise/contracts';

// The number rule itself is shared with the PDF reports (issue 22 point 4): one formatter, one reading.
export { emptyText, formatBytes, formatChange, formatCompact, formatCurrency, formatNumber, formatPercent } from '@serpwise/contracts';

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-10-01" or "2026-10" → "Oct 2026"; `short` → "Oct '26". */
export function formatMonth(month: string | null | undefined, options: { short?: boolean } = {}): string {
  const match = month ? /^(\d{4})-(\d{2})/.exec(month) : null;
  if (!match) return emptyText;
  const name = monthNames[Number(match[2]) - 1] ?? '';
  return options.short ? `${name} '${match[1]!.slice(2)}` : `${name} ${match[1]}`;
}

/** "2026-05-29" → "May 29, 2026" (dates are calendar days; no time zone shift). */
export function formatDate(date: string | null | undefined): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  if (!match) return emptyText;
  return `${monthNames[Number(match[2]) - 1]} ${Number(match[3])}, ${match[1]}`;
}

/** "1 month", "3 months": a count with its noun, singular for one. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count, 0)} ${count === 1 ? singular : plural}`;
}
