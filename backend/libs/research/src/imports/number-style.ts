/**
 * How a file writes its numbers (docs/decisions.md, "Number style per file (issue 19)"). An English export writes
 * 1,234.56; a German, Dutch, Spanish, Italian, Portuguese or Polish one 1.234,56; a French one 1 234,56 (a space, no-break
 * space or narrow no-break space between thousands). Most numbers read the same either way ('0,45', '1.234,56', '3.7',
 * '1 900'); only one separator followed by exactly three digits ('1.900', '1,900') means a thousand or a decimal by the
 * style. So the style is decided once per file, per column, from the file itself, and every row is read with it.
 */

/** 'point': 1,234.56 (English). 'comma': 1.234,56 or 1 234,56 (most of Europe). */
export type NumberStyle = 'point' | 'comma';

/** A column of counts (volume, clicks, impressions) never holds a fraction: '1.900' in it can only be 1,900. */
export type NumberKind = 'count' | 'decimal';

/** A column's sampled cells and what kind of number it holds. */
export interface NumberColumn {
  kind: NumberKind;
  values: Iterable<string>;
}

/** Spaces that group thousands: space, no-break space (U+00A0), narrow no-break space (U+202F), thin space (U+2009). */
const groupSpaces = /[\s\u00a0\u202f\u2009]/g;
/** What a cell says when the number is unknown (never 0): blank, dashes, "n/a" as tools write it, Excel's "#N/A". */
const unknown = new Set(['', '-', '--', '—', '–', 'n/a', 'N/A', 'NA', '#N/A']);

/** A cell without its quotes, percent sign and grouping spaces ('12,5 %' → '12,5'). */
const cleaned = (text: string) => text.trim().replace(/^"|"$/g, '').replace(groupSpaces, '').replace(/%$/, '');

const other = (style: NumberStyle): NumberStyle => (style === 'point' ? 'comma' : 'point');

/**
 * What one cell says about the style, or null when it reads the same in both (or is no number). A cell with both
 * separators: the last one is the decimal mark. One separator twice or more ('1.234.567'): it groups thousands. One
 * separator once: a decimal mark unless exactly three digits follow a non-zero whole part of 1–3 digits ('1.900',
 * '12,345'), which in a column of counts groups thousands and elsewhere says nothing.
 */
export function styleOfCell(text: string, kind: NumberKind): NumberStyle | null {
  const value = cleaned(text).replace(/^-/, '');
  if (!/^[\d.,]+$/.test(value) || !/\d/.test(value)) return null;
  const comma = value.lastIndexOf(',');
  const dot = value.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) return comma > dot ? 'comma' : 'point';
  if (comma < 0 && dot < 0) return null;
  const separator = comma >= 0 ? ',' : '.';
  const decimalStyle: NumberStyle = separator === ',' ? 'comma' : 'point';
  const parts = value.split(separator);
  if (parts.length > 2) return parts.slice(1).every((group) => group.length === 3) ? other(decimalStyle) : null;
  const [whole = '', fraction = ''] = parts;
  if (!fraction) return null;
  if (fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole)) return kind === 'count' ? other(decimalStyle) : null;
  return decimalStyle;
}

const majority = (tally: Record<NumberStyle, number>): NumberStyle | null =>
  tally.point > tally.comma ? 'point' : tally.comma > tally.point ? 'comma' : null;

/**
 * The style of each column: the one its own cells show most, else the one the whole file's cells show most, else
 * the one its header language suggests (`hint`), else English ('point': how every file was read before).
 */
export function decideNumberStyles(columns: readonly NumberColumn[], hint: NumberStyle | null = null): NumberStyle[] {
  const file = { point: 0, comma: 0 };
  const own = columns.map((column) => {
    const tally = { point: 0, comma: 0 };
    for (const value of column.values) {
      const style = styleOfCell(value, column.kind);
      if (style) tally[style]++;
    }
    file.point += tally.point;
    file.comma += tally.comma;
    return majority(tally);
  });
  const fallback = majority(file) ?? hint ?? 'point';
  return own.map((style) => style ?? fallback);
}

const plainInteger = /^\d{1,15}$/;
const plainDecimal = /^\d{1,15}\.\d{1,15}$/;
/** '1.900': a thousand or a decimal by the style. */
const dotThenThree = /^[1-9]\d{0,2}\.\d{3}$/;
const plainNumber = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A number as spreadsheets and tools write it, in the file's style: '', '-', '--' and '—' → null (unknown, never
 * 0); '64.37%' → 64.37; '1,234' → 1234 and '1.900' → 1.9 in the 'point' style, '1.900' → 1900 and '4,2 %' → 4.2 in
 * the 'comma' style; '1.234,56', '1,234.56', '0,45' and '1 234,5' read the same in both. NaN when it is not a number.
 */
export function parseNumber(text: string | undefined, style: NumberStyle = 'point'): number | null {
  if (!text) return null;
  // Most cells are plain whole numbers (every row's position): no clean-up needed.
  if (plainInteger.test(text)) return Number(text);
  // Then plain decimals ('1.50', every CPC of a SERP file), which read the same in both styles unless like '1.900'.
  if (plainDecimal.test(text) && (style === 'point' || !dotThenThree.test(text))) return Number(text);
  const value = cleaned(text);
  if (unknown.has(value)) return null;
  const normal = plainText(value, style);
  return normal !== null && plainNumber.test(normal) ? Number(normal) : Number.NaN;
}

/** The number as JavaScript writes it ('1234.56'), or null when its separators do not fit any style. */
function plainText(value: string, style: NumberStyle): string | null {
  const comma = value.lastIndexOf(',');
  const dot = value.lastIndexOf('.');
  if (comma < 0 && dot < 0) return value;
  if (comma >= 0 && dot >= 0) {
    if (comma > dot) return /^-?\d{1,3}(\.\d{3})+,\d+$/.test(value) ? value.replace(/\./g, '').replace(',', '.') : null;
    return /^-?\d{1,3}(,\d{3})+\.\d+$/.test(value) ? value.replace(/,/g, '') : null;
  }
  const separator = comma >= 0 ? ',' : '.';
  const groups = separator === ',' ? /^-?\d{1,3}(,\d{3})+$/ : /^-?\d{1,3}(\.\d{3})+$/;
  const thousands = () => value.split(separator).join('');
  const decimal = () => value.replace(separator, '.');
  if (value.split(separator).length > 2) return groups.test(value) ? thousands() : null;
  // One separator and three digits after a whole part of 1–3 digits (not 0): the style decides.
  if (groups.test(value) && !/^-?0[.,]/.test(value)) return (separator === ',') === (style === 'point') ? thousands() : decimal();
  return decimal();
}

/** A dollar sign or code before or after a price: '$1.20', 'US$ 1.20', 'USD 1.20', '1.20 $', '1.20 USD'. */
const dollarMark = /^(?:US\$|\$|USD)\s*|\s*(?:US\$|\$|USD)$/gi;
/** The sign or code of another currency before or after a price: '€1.20', '1,20 €', '£0.80', 'EUR 1.20', 'C$ 1.20', 'R$ 1,20'. */
const otherCurrency = /^(?:[€£¥₹₽₩₺₪]|[A-Z]{1,2}\$|[A-Z]{3}(?=[\s\d]))\s*|\s*(?:[€£¥₹₽₩₺₪]|[A-Z]{1,2}\$|(?<=[\s\d])[A-Z]{3})$/g;

/**
 * A price in US dollars, as parseNumber reads it, with or without a dollar sign or code ('$1.20', 'US$1.20', '1.20
 * USD'). A price in another currency ('1,20 €', '£0.80', 'EUR 1.20') is null: the warehouse keeps dollars and a
 * file gives no rate, so the price is unknown, as a Keyword Planner bid in another currency is (not a row error:
 * the keyword and its other numbers still land). NaN when what is left is not a number.
 */
export function parseDollars(text: string | undefined, style: NumberStyle = 'point'): number | null {
  if (!text) return null;
  // Most prices are plain numbers (every row of a SERP file): a digit first and last has no sign to look for.
  if (isDigit(text.charCodeAt(0)) && isDigit(text.charCodeAt(text.length - 1))) return parseNumber(text, style);
  const value = text.trim();
  const dollars = value.replace(dollarMark, '');
  if (dollars !== value) return parseNumber(dollars, style);
  const other = value.replace(otherCurrency, '');
  if (other === value) return parseNumber(value, style);
  const number = parseNumber(other, style);
  return number === null || Number.isNaN(number) ? number : null;
}

const isDigit = (code: number) => code >= 48 && code <= 57;
