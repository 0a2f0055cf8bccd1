import type { OutreachImportRow } from '@serpwise/contracts';

/** The columns an outreach file may have (header names, any order, case ignored). */
export const outreachCsvColumns = ['url', 'domain', 'contactName', 'contactEmail', 'contactRole', 'relationship', 'rating', 'tags', 'note'] as const;

/** Splits CSV text into records: commas, double-quoted fields with "" for a quote, CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

/**
 * The rows of an outreach file: a header naming the columns (url, domain, contactName, contactEmail, contactRole,
 * relationship, rating, tags separated by ';', note), then one row per website or link. Empty cells are left out;
 * the server checks the values and names the bad row.
 */
export function outreachRowsOf(text: string): { rows: OutreachImportRow[]; error: string | null } {
  const [header, ...records] = parseCsv(text);
  if (!header) return { rows: [], error: 'The file is empty.' };
  const columns = header.map((name) => outreachCsvColumns.find((column) => column.toLowerCase() === name.trim().toLowerCase()) ?? null);
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
