/**
 * Numbers as the product prints them (docs/product/account-exports-reports.md §9 "Number formatting"): thousands separators; k, M, B, T suffixes for
 * large values where space is short (tiles, chart axes); currency '$' with 2 decimals under 100.
 */
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const dash = '–';

/** A whole number with separators: 12,345. Tables print these so they read exactly as the research endpoints answer. */
export const formatInteger = (value: number | null | undefined) => (value === null || value === undefined ? dash : grouped.format(Math.round(value)));

export const formatDecimal = (value: number | null | undefined) => (value === null || value === undefined ? dash : oneDecimal.format(value));

export const formatPercent = (value: number | null | undefined) => (value === null || value === undefined ? dash : `${oneDecimal.format(value)}%`);

/** '$' with 2 decimals under 100 ($1.25, $99.00), whole dollars with separators above ($1,234). */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined) return dash;
  const sign = value < 0 ? '-' : '';
  const amount = Math.abs(value);
  return amount < 100 ? `${sign}$${amount.toFixed(2)}` : `${sign}$${grouped.format(Math.round(amount))}`;
}

const suffixes = [
  { size: 1e12, suffix: 'T' },
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'k' },
];

/** 950, 1.2k, 34k, 5.6M … : one decimal under 10 of a unit, none above. */
export function formatCompact(value: number | null | undefined): string {
  if (value === null || value === undefined) return dash;
  const amount = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  for (const { size, suffix } of suffixes) {
    if (amount >= size) {
      const scaled = amount / size;
      const text = scaled < 10 ? scaled.toFixed(1).replace(/\.0$/, '') : String(Math.round(scaled));
      return `${sign}${text}${suffix}`;
    }
  }
  return `${sign}${Number.isInteger(amount) ? amount : amount.toFixed(1)}`;
}

export const formatCompactMoney = (value: number | null | undefined) => (value === null || value === undefined ? dash : value < 100 && value > -100 ? formatMoney(value) : `$${formatCompact(value)}`);

/** A signed change: +3, -12, – for none. */
export const formatChange = (value: number | null | undefined) => (value === null || value === undefined ? dash : value > 0 ? `+${grouped.format(value)}` : grouped.format(value));

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' → 'Oct 2026'. */
export const formatMonth = (month: string) => `${monthNames[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** 'YYYY-MM-DD' → "Oct '26" for chart axes. */
export const formatShortMonth = (month: string) => `${monthNames[Number(month.slice(5, 7)) - 1]} '${month.slice(2, 4)}`;

/** A date as 'Nov 22, 2026' (UTC). */
export const formatDate = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
