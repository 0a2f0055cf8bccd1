/**
 * Number formatting of docs/product/account-exports-reports.md §9: thousands separators, k/M/B/T suffixes for large
 * values, currency '$' with 2 decimals under 100. Empty values (null, undefined, NaN) read as an em dash so a
 * table never shows "null" or "NaN".
 */

export const emptyText = '—';

type Value = number | null | undefined;

const isEmpty = (value: Value): value is null | undefined => value === null || value === undefined || Number.isNaN(value);

const grouped = (value: number, maximumFractionDigits: number, minimumFractionDigits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits, minimumFractionDigits });

/** 1234567.891 → "1,234,567.89" (at most `decimals` decimals, trailing zeros dropped). */
export function formatNumber(value: Value, decimals = 2): string {
  if (isEmpty(value)) return emptyText;
  return grouped(value, decimals);
}

const suffixes = [
  { scale: 1e12, suffix: 'T' },
  { scale: 1e9, suffix: 'B' },
  { scale: 1e6, suffix: 'M' },
  { scale: 1e3, suffix: 'k' },
] as const;

/**
 * Short form for large values: under 1,000 as is (up to 2 decimals); 1,234 → "1.2k", 45,600 → "45.6k",
 * 123,456 → "123k", 2,500,000 → "2.5M", and B and T beyond. One decimal below 100 of a unit, none above; a value
 * that rounds up to 1,000 of a unit moves to the next suffix (999,999 → "1M", not "1,000k").
 */
export function formatCompact(value: Value): string {
  if (isEmpty(value)) return emptyText;
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  // Largest first: the first scale the value reaches names it.
  for (const [index, { scale, suffix }] of suffixes.entries()) {
    if (size < scale) continue;
    const scaled = size / scale;
    const rounded = scaled < 100 ? Math.round(scaled * 10) / 10 : Math.round(scaled);
    const larger = suffixes[index - 1];
    if (rounded >= 1000 && larger) return `${sign}1${larger.suffix}`;
    return sign + grouped(rounded, 1) + suffix;
  }
  return sign + grouped(size, 2);
}

/**
 * Dollars: "$12.30" (2 decimals) under 100, "$1,235" (whole dollars, thousands separators) from 100 up; with
 * `compact`, from 10,000 up the k/M/B/T form ("$45.6k").
 */
export function formatCurrency(value: Value, options: { compact?: boolean } = {}): string {
  if (isEmpty(value)) return emptyText;
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  if (size < 100) {
    const cents = Math.round(size * 100) / 100;
    // 99.996 rounds to 100.00: show it the way 100 shows.
    if (cents < 100) return `${sign}$${grouped(cents, 2, 2)}`;
  }
  if (options.compact && size >= 10_000) return `${sign}$${formatCompact(size)}`;
  return `${sign}$${grouped(Math.round(size), 0)}`;
}

/** 93.1 → "93.1%"; values are already percentages (0–100). */
export function formatPercent(value: Value, decimals = 1): string {
  if (isEmpty(value)) return emptyText;
  return `${grouped(value, decimals)}%`;
}

/** A signed change: +3, −2, 0 (for position and click changes); empty when null. */
export function formatChange(value: Value, format: (value: number) => string = (v) => formatNumber(v, 0)): string {
  if (isEmpty(value)) return emptyText;
  if (value > 0) return `+${format(value)}`;
  if (value < 0) return `−${format(-value)}`;
  return '0';
}

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
