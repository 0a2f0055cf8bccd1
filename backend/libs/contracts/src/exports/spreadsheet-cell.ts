/**
 * Formula-injection defence for every cell that leaves Serpwise in a CSV, Excel or Google Sheets file or on the
 * clipboard (docs/product/account-exports-reports.md, "Exported files"). A spreadsheet treats text that starts with = + - @,
 * a tab or a line break as a formula (or as the start of one, once edited); such text gets a leading apostrophe,
 * which every spreadsheet shows as plain text. Numbers stay numbers: a real number, or text that is exactly a
 * decimal number ("-12.5", "1e3"), is left as it is.
 */

/** Characters that start a formula: ASCII = + - @, their full-width forms (some spreadsheets fold them), tab, CR, LF. */
const formulaStart = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r\n]/;
/** Leading spaces do not stop every spreadsheet from reading a formula after them. */
const formulaAfterSpaces = /^[ \u00A0]+[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A plain decimal number, as a spreadsheet would read it: optional sign, digits, fraction, exponent. */
const plainNumber = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export const isPlainNumberText = (text: string) => plainNumber.test(text);

/** The text as it must be written to a spreadsheet cell: inert, never a formula. */
export function neutraliseCellText(text: string): string {
  if (isPlainNumberText(text)) return text;
  return formulaStart.test(text) || formulaAfterSpaces.test(text) ? `'${text}` : text;
}

/**
 * The text a neutralised cell stood for: drops the apostrophe neutraliseCellText added, so a Serpwise file read back
 * (the full-history export imported again) gives the exact text. Text that neutraliseCellText would not have
 * changed is returned as it is.
 */
export function restoreCellText(text: string): string {
  if (!text.startsWith("'")) return text;
  const rest = text.slice(1);
  return neutraliseCellText(rest) === text ? rest : text;
}

export type CellValue = string | number | boolean | null;

/**
 * One value of a table row as a spreadsheet cell: numbers and booleans as they are, null/undefined as empty,
 * lists joined with "; ", objects as JSON — and every text neutralised.
 */
export function spreadsheetCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return neutraliseCellText(value.toString());
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    const simple = value.every((item) => item === null || ['string', 'number', 'boolean'].includes(typeof item));
    return neutraliseCellText(simple ? value.map((item) => (item === null ? '' : String(item))).join('; ') : JSON.stringify(value));
  }
  if (typeof value === 'object') return neutraliseCellText(JSON.stringify(value));
  return neutraliseCellText(String(value));
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: CellValue): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF-terminated, as RFC 4180 and Excel expect) of already neutralised cells. */
export const csvLine = (cells: readonly CellValue[]) => `${cells.map(csvField).join(',')}\r\n`;

/** Tab-separated text for the clipboard: tabs and line breaks inside a cell become spaces. */
export const clipboardLine = (cells: readonly CellValue[]) => cells.map((cell) => (cell === null ? '' : String(cell).replace(/[\t\r\n]+/g, ' '))).join('\t');

/** Words written in capitals in a column header. */
const acronyms: Record<string, string> = { cpc: 'CPC', url: 'URL', urls: 'URLs', ppc: 'PPC', seo: 'SEO', serp: 'SERP', id: 'ID', ctr: 'CTR', mom: 'MoM' };

/**
 * The header of an exported column, from the row's field name: "commonKeywords" → "Common Keywords",
 * "cpc" → "CPC", "landingPageUrl" → "Landing Page URL".
 */
export function columnHeader(key: string): string {
  return key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => acronyms[word.toLowerCase()] ?? word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
