import { DelimitedTextError, parseDelimitedText, type OutreachImportRow } from '@serpwise/contracts';

/** The columns an outreach file may have (header names, any order, case ignored). */
export const outreachCsvColumns = ['url', 'domain', 'contactName', 'contactEmail', 'contactRole', 'relationship', 'rating', 'tags', 'note'] as const;

/**
 * The records of a CSV text by the rules the server's imports read files with (@serpwise/contracts,
 * imports/delimited-text.ts: comma, tab or semicolon, quoted cells with "" for a quote, any line ends); rows
 * with only blank cells are left out. Throws DelimitedTextError for a quoted cell that never closes.
 */
export function parseCsv(text: string): string[][] {
  return parseDelimitedText(text)
    .map((record) => record.fields)
    .filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

/** A column name without case, spaces or punctuation: 'Contact Email', 'contact_email' and 'contactEmail' are one column. */
const columnKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The rows of an outreach file: a header naming the columns (url, domain, contactName, contactEmail, contactRole,
 * relationship, rating, tags separated by ';', note), then one row per website or link. Empty cells are left out;
 * the server checks the values and names the bad row.
 */
export function outreachRowsOf(text: string): { rows: OutreachImportRow[]; error: string | null } {
  let parsed: string[][];
  try {
    parsed = parseCsv(text);
  } catch (error) {
    if (error instanceof DelimitedTextError) return { rows: [], error: error.message };
    throw error;
  }
  const [header, ...records] = parsed;
  if (!header) return { rows: [], error: 'The file is empty.' };
  const columns = header.map((name) => outreachCsvColumns.find((column) => columnKey(column) === columnKey(name)) ?? null);
  if (!columns.includes('url') && !columns.includes('domain')) return { rows: [], error: 'The first line must name the columns, with url or domain among them.' };
  const rows = records.map((cells) => {
    const row: Record<string, unknown> = { tags: [] };
    columns.forEach((column, index) => {
      const value = cells[index]?.trim();
      if (!column || !value) return;
      if (column === 'tags') row.tags = value.split(';').map((tag) => tag.trim()).filter(Boolean);
      else if (column === 'rating') row.rating = Number(value);
      else row[column] = value;
    });
    return row as OutreachImportRow;
  });
  return { rows, error: rows.length ? null : 'The file has no rows under its header.' };
}
