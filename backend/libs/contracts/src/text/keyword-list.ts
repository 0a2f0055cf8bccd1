import { DelimitedTextError, delimiterOf, parseDelimitedText, withoutByteOrderMark } from '../imports/delimited-text.js';
import { keywordsOfText, normaliseKeyword } from './normalise.js';

/**
 * The keywords of a list a user pastes or picks for a project: a plain list (one per line, commas also separate:
 * keywordsOfText), or a spreadsheet export whose header names a keyword column — a Keyword Planner download
 * (tab-separated, after its title lines), a Search Console Queries.csv, another SEO tool's keyword CSV. From such a
 * file only that column is taken (read by the imports' delimited-text rules): splitting every line at its commas
 * would track "keyword", "avg. monthly searches" and every number of the file as keywords.
 */
export function keywordsOfList(text: string): string[] {
  const lines = withoutByteOrderMark(text).split(/\r\n|\r|\n/);
  const header = keywordHeaderOf(lines);
  if (!header) return keywordsOfText(text);
  const rest = lines.slice(header.line + 1).join('\n');
  // A header of one cell ("Keyword") over a plain list: the list as any other.
  if (header.cells === 1) return keywordsOfText(rest);
  let records;
  try {
    records = parseDelimitedText(rest, header.delimiter);
  } catch (error) {
    if (error instanceof DelimitedTextError) return keywordsOfText(text);
    throw error;
  }
  const seen = new Set<string>();
  for (const { fields } of records) {
    const keyword = normaliseKeyword(fields[header.column] ?? '');
    if (keyword) seen.add(keyword);
  }
  return [...seen];
}

/** Header cells (lower case) that name the keyword column in the exports users bring. */
const keywordHeaders = new Set(['keyword', 'keywords', 'query', 'queries', 'top queries', 'search query', 'search term', 'search terms', 'term', 'keyword phrase']);

/** Title lines a tool writes before its header (Keyword Planner writes two). */
const headerSearchLines = 5;

/**
 * The first of the list's first lines that is a header naming a keyword column. A header of one cell ("Keyword" over
 * a plain list) counts only when lines follow it, so the keyword "keyword" typed alone stays a keyword.
 */
function keywordHeaderOf(lines: string[]): { line: number; delimiter: string; column: number; cells: number } | null {
  for (const [index, line] of lines.slice(0, headerSearchLines).entries()) {
    const delimiter = delimiterOf(line);
    let cells: string[];
    try {
      cells = (parseDelimitedText(line, delimiter)[0]?.fields ?? []).map((cell) => cell.trim().toLowerCase());
    } catch {
      continue;
    }
    const column = cells.findIndex((cell) => keywordHeaders.has(cell));
    if (column < 0) continue;
    if (cells.length === 1 && !lines.slice(index + 1).some((rest) => rest.trim())) return null;
    return { line: index, delimiter, column, cells: cells.length };
  }
  return null;
}
