import { emptyText, formatChange as sharedChange, formatCompact as sharedCompact, formatCurrency, formatNumber, formatPercent as sharedPercent } from '@serpwise/contracts';

/**
 * Numbers as the product prints them (docs/product/account-exports-reports.md §9 "Number formatting"): every figure of
 * a report goes through the same rule as the screen (@serpwise/contracts, text/number-format.ts; issue 22 point 4),
 * under the names the report sections use.
 */

/** An unknown or empty value: the em dash the web app shows too (docs/decisions.md, issue 19), never 0. */
export const dash = emptyText;

/** A whole number with separators: 12,345. Tables print these so they read exactly as the research endpoints answer. */
export const formatInteger = (value: number | null | undefined) => formatNumber(value, 0);

/** At most one decimal, as the screen shows an average position: 4.3, 12. */
export const formatDecimal = (value: number | null | undefined) => formatNumber(value, 1);

export const formatPercent = (value: number | null | undefined) => sharedPercent(value);

/** '$' with 2 decimals under 100 ($1.25, $99.00), whole dollars with separators above ($1,234). */
export const formatMoney = (value: number | null | undefined) => formatCurrency(value);

/** 950, 1.2k, 17.5k, 123k, 1M … : one decimal under 100 of a unit, none above; never "1000k". */
export const formatCompact = (value: number | null | undefined) => sharedCompact(value);

/** Money where space is short: as formatMoney up to $9,999, then $45.6k, $1M (never "$1000k"). */
export const formatCompactMoney = (value: number | null | undefined) => formatCurrency(value, { compact: true });

/**
 * A signed change by the screen's rule: +3, -1,200, 0, — for none. The one difference is the glyph of the minus: the
 * screen's true minus (U+2212) is not in the WinAnsi set of PDF's standard fonts, and drawing it would switch the
 * whole line to an embedded face, so the PDF writes the hyphen-minus those fonts have (docs/decisions.md, issue 22).
 */
export const formatChange = (value: number | null | undefined, format?: (value: number) => string) => sharedChange(value, format).replace('\u2212', '-');

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' → 'Oct 2026'. */
export const formatMonth = (month: string) => `${monthNames[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** 'YYYY-MM-DD' → "Oct '26" for chart axes. */
export const formatShortMonth = (month: string) => `${monthNames[Number(month.slice(5, 7)) - 1]} '${month.slice(2, 4)}`;

/** A date as 'Nov 22, 2026' (UTC). */
export const formatDate = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
