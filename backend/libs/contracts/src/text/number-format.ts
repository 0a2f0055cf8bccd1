/**
 * The one rule for printing numbers (docs/product/account-exports-reports.md §9 "Number formatting"), used by the
 * screen (web/src/lib/format.ts) and the PDF reports (@serpwise/reports format.ts) alike, so a figure reads the same
 * in both (issue 22 point 4: the PDF printed "18k" where the screen said "17.5k", and "1000k" just below a unit).
 * Unknown values (null, undefined, NaN) print an em dash, never 0.
 */

export const emptyText = '—';

type Value = number | null | undefined;

export const isEmptyNumber = (value: Value): value is null | undefined => value === null || value === undefined || Number.isNaN(value);

const formatters = new Map<string, Intl.NumberFormat>();
/** Intl formatters are costly to build and a PDF table prints thousands of cells: one per precision, kept. */
function grouped(value: number, maximumFractionDigits: number, minimumFractionDigits = 0): string {
  const key = `${maximumFractionDigits}:${minimumFractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { maximumFractionDigits, minimumFractionDigits });
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}

/** 1234567.891 → "1,234,567.89" (at most `decimals` decimals, trailing zeros dropped). */
export function formatNumber(value: Value, decimals = 2): string {
  if (isEmptyNumber(value)) return emptyText;
  return grouped(value, decimals);
}

const suffixes = [
  { scale: 1e12, suffix: 'T' },
  { scale: 1e9, suffix: 'B' },
  { scale: 1e6, suffix: 'M' },
  { scale: 1e3, suffix: 'k' },
] as const;

/**
 * Short form for large values: under 1,000 as is (up to 2 decimals); 1,234 → "1.2k", 17,500 → "17.5k",
 * 123,456 → "123k", 2,500,000 → "2.5M", and B and T beyond. One decimal below 100 of a unit, none from 100 up; a
 * value that rounds to 1,000 of a unit is written in the next one (999,999 → "1M", never "1000k"), and a value that
 * rounds to 1,000 is "1k" (999.999 → "1k", never "1,000").
 */
export function formatCompact(value: Value): string {
  if (isEmptyNumber(value)) return emptyText;
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  const small = Math.round(size * 100) / 100;
  if (small === 0) return '0';
  if (small < 1000) return sign + grouped(small, 2);
  // Smallest unit first: the first whose rounded figure stays under 1,000 names the value.
  for (let index = suffixes.length - 1; index >= 0; index -= 1) {
    const { scale, suffix } = suffixes[index]!;
    const scaled = size / scale;
    const rounded = scaled < 100 ? Math.round(scaled * 10) / 10 : Math.round(scaled);
    if (rounded < 1000 || index === 0) return sign + grouped(rounded, 1) + suffix;
  }
  return sign + grouped(size, 0);
}

/**
 * Dollars: "$12.30" (2 decimals) under 100, "$1,235" (whole dollars, thousands separators) from 100 up; with
 * `compact`, from $10,000 (after rounding) up the k/M/B/T form ("$45.6k", 999,999 → "$1M", never "$1000k").
 */
export function formatCurrency(value: Value, options: { compact?: boolean } = {}): string {
  if (isEmptyNumber(value)) return emptyText;
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  const cents = Math.round(size * 100) / 100;
  // 99.996 rounds to 100.00: shown the way 100 shows.
  if (cents < 100) return `${sign}$${grouped(cents, 2, 2)}`;
  const dollars = Math.round(size);
  if (options.compact && dollars >= 10_000) return `${sign}$${formatCompact(size)}`;
  return `${sign}$${grouped(dollars, 0)}`;
}

/** 93.1 → "93.1%"; values are already percentages (0–100). */
export function formatPercent(value: Value, decimals = 1): string {
  if (isEmptyNumber(value)) return emptyText;
  return `${grouped(value, decimals)}%`;
}

/**
 * A signed change: "+3", "−2" (a true minus sign, U+2212), "0"; an em dash when unknown. `format` prints the size
 * (whole numbers with separators unless told otherwise); a change that rounds to nothing is "0", never "+0".
 */
export function formatChange(value: Value, format: (value: number) => string = (v) => formatNumber(v, 0)): string {
  if (isEmptyNumber(value)) return emptyText;
  const size = format(Math.abs(value));
  if (value === 0 || /^[$]?0(?:\.0+)?$/.test(size)) return '0';
  return value > 0 ? `+${size}` : `−${size}`;
}

/** A file's size: "812 B", "48 KB", "2.3 MB" (at most one decimal, units of 1,024); null when unknown. */
export function formatBytes(bytes: number | null): string | null {
  if (bytes === null) return null;
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${grouped(value, 1)} ${units[unit]}`;
}
