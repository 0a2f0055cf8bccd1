import type { ImportSpread } from '@serpwise/contracts';

/**
 * Spreading a Search Console export over the months of its range (docs/decisions.md, issue 19). The Queries and
 * Pages tables give one total per query or page for the whole range; the research screens are monthly, so each total
 * is shared out over the range's months: by the export's daily table (each month's share of the site's daily clicks,
 * and of its impressions) when it has one, else by the number of the range's days in each month. Largest-remainder
 * rounding keeps every query's months summing exactly to its total.
 */

/** One month of the range: its first day, the last day of the range inside it (the rows' date) and its days in the range. */
export interface RangeMonth {
  month: string;
  lastDay: string;
  days: number;
}

/** A month's weights: how the month's clicks and impressions compare with the other months'. */
export interface MonthWeights extends RangeMonth {
  clicks: number;
  impressions: number;
}

export interface Spread {
  kind: ImportSpread;
  months: MonthWeights[];
}

/** One day of the export's daily table (Dates.csv, older exports Chart.csv). */
export interface DailyTotals {
  day: string;
  clicks: number;
  impressions: number;
}

const dayMs = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The months from `from` to `to` (YYYY-MM-DD, inclusive), each with the range's last day in it and its days in the range. */
export function monthsOfRange(from: string, to: string): RangeMonth[] {
  const months: RangeMonth[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  let start = Date.parse(`${from}T00:00:00Z`);
  while (start <= end) {
    const first = new Date(start);
    const nextMonth = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1);
    const last = Math.min(nextMonth - dayMs, end);
    months.push({ month: `${dayOf(start).slice(0, 7)}-01`, lastDay: dayOf(last), days: Math.round((last - start) / dayMs) + 1 });
    start = nextMonth;
  }
  return months;
}

/**
 * How the range is spread: one month needs no spreading; a daily table with clicks or impressions in the range gives
 * each month its share of them; otherwise each month weighs its days in the range.
 */
export function spreadOf(from: string, to: string, daily: readonly DailyTotals[] | null): Spread {
  const months = monthsOfRange(from, to);
  const even = months.map((month) => ({ ...month, clicks: month.days, impressions: month.days }));
  if (months.length <= 1) return { kind: 'single-month', months: even };
  if (daily?.length) {
    const byMonth = new Map(months.map((month) => [month.month, { clicks: 0, impressions: 0 }]));
    for (const day of daily) {
      if (day.day < from || day.day > to) continue;
      const totals = byMonth.get(`${day.day.slice(0, 7)}-01`);
      if (!totals) continue;
      totals.clicks += day.clicks;
      totals.impressions += day.impressions;
    }
    const weighted = months.map((month) => ({ ...month, ...byMonth.get(month.month)! }));
    const clicks = weighted.reduce((sum, month) => sum + month.clicks, 0);
    const impressions = weighted.reduce((sum, month) => sum + month.impressions, 0);
    if (impressions > 0) {
      // A site without a click in the range: its queries have none to share either; their impressions follow the days'.
      return { kind: 'daily', months: clicks > 0 ? weighted : weighted.map((month) => ({ ...month, clicks: month.impressions })) };
    }
  }
  return { kind: 'even', months: even };
}

/**
 * `total` shared out in proportion to `weights` in whole numbers that sum exactly to it: each share's whole part, then
 * the units left over to the largest remainders (on equal remainders, the heavier weight, then the later month).
 * Weights that are all zero share it equally.
 */
export function largestRemainder(total: number, weights: readonly number[]): number[] {
  if (!weights.length) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const used = sum > 0 ? weights : weights.map(() => 1);
  const usedSum = sum > 0 ? sum : weights.length;
  const exact = used.map((weight) => (total * weight) / usedSum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value), weight: used[index]! }))
    .sort((a, b) => b.remainder - a.remainder || b.weight - a.weight || b.index - a.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]!++;
    left--;
  }
  return shares;
}

/** A total per month of the spread; null (unknown) stays null in every month. */
export function spreadTotal(total: number | null, spread: Spread, by: 'clicks' | 'impressions'): (number | null)[] {
  if (total === null) return spread.months.map(() => null);
  return largestRemainder(total, spread.months.map((month) => month[by]));
}
