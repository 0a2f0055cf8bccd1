import type { ImportSpread } from '@serpwise/contracts';
import { formatMonth } from '@/lib/format';

/**
 * In words, how a Search Console export's totals were spread over its months (docs/decisions.md, issue 19), so the
 * user knows what a month's clicks on the research pages mean. Null for imports that were not spread.
 */
export function spreadText(spread: ImportSpread | null, months: readonly string[] | null): string | null {
  if (!spread || !months?.length) return null;
  const first = formatMonth(months[0]);
  const range = months.length > 1 ? `${first} – ${formatMonth(months.at(-1))}` : first;
  switch (spread) {
    case 'daily':
      return `Spread over ${months.length} months (${range}) by the export's daily clicks and impressions.`;
    case 'even':
      return `Spread evenly over ${months.length} months (${range}) by their days: the export has no daily table.`;
    case 'single-month':
      return `All in ${range}: the export covers one month.`;
  }
}
