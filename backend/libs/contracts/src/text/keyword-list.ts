import { keywordsOfText, normaliseKeyword } from './normalise.js';

/**
 * The keywords of a list a user pastes or picks for a project: a plain list (one per line, commas also separate:
 * keywordsOfText), or a spreadsheet export whose header names a keyword column — a Keyword Planner download
 * (tab-separated, after its title lines), a Search Console Queries.csv, another SEO tool's keyword CSV. From such a
 * file only that column is taken: splitting every line at its commas would track "keyword", "avg. monthly searches"
 * and every number of the file as keywords.
 */
export function keywordsOfList(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const table = keywordColumnOf(lines);
  if (!table) return keywordsOfText(text);
  const seen = new Set<string>();
  for (const line of lines.slice(table.headerLine + 1)) {
    const keyword = normaliseKeyword(delimitedCells(line, table.delimiter)[table.column] ?? '');
    if (keyword) seen.add(keyword);
  }
  return [...seen];
}

/** Header cells (lower case) that name the keyword column in the exports users bring. */
const keywordHeaders = new Set(['keyword', 'keywords', 'query', 'queries', 'top queries', 'search query', 'search term', 'search terms', 'term', 'keyword phrase']);

/** Title lines a tool writes before its header (Keyword Planner writes two). */
const headerSearchLines = 5;

/**
 * Where the keyword column is: the first of the list's first lines that is a header naming one. A header of one
 * cell ("Keyword" over a plain list) counts only when lines follow it.
 */
function keywordColumnOf(lines: string[]): { headerLine: number; delimiter: string | null; column: number } | null {
  const firstLines = lines.slice(0, headerSearchLines);
  for (const [index, line] of firstLines.entries()) {
    const delimiter = delimiterOf(line);
    const cells = delimitedCells(line, delimiter).map((cell) => cell.trim().toLowerCase());
    const column = cells.findIndex((cell) => keywordHeaders.has(cell));
    if (column < 0) continue;
    if (delimiter === null && !lines.slice(index + 1).some((rest) => rest.trim())) return null;
    return { headerLine: index, delimiter, column };
  }
  return null;
}

/** Tab, then semicolon (a spreadsheet in a comma-decimal locale), then comma; null for a line of one cell. */
function delimiterOf(line: string): string | null {
  if (line.includes('\t')) return '\t';
  const semicolons = line.split(';').length;
  const commas = line.split(',').length;
  if (semicolons > 1 && semicolons >= commas) return ';';
  return commas > 1 ? ',' : null;
}

/** A line's cells, double quotes around a cell (and "" inside it) as CSV writes them. */
function delimitedCells(line: string, delimiter: string | null): string[] {
  if (delimiter === null) return [line.replace(/^"(.*)"$/, '$1').replace(/""/g, '"')];
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < line.length; at++) {
    const char = line[at]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (line[at + 1] === '"') {
        cell += '"';
        at++;
      } else quoted = false;
    } else if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}
