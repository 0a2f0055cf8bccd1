/**
 * The one rule set for reading delimited text (CSV, tab- or semicolon-separated), shared by the backend's import
 * parsers (streamed, research/src/imports/text-input.ts) and the web's file readers (a whole text): RFC 4180 quoted
 * cells with doubled quotes that may span lines; a quote inside an unquoted cell is kept; CRLF, LF or CR line ends;
 * empty lines skipped; a leading byte order mark dropped; the delimiter read from the header line. Plain TypeScript
 * (the web bundles it). Decoding bytes (UTF-16 by its BOM) is the caller's: this reads text.
 */

export interface DelimitedRecord {
  /** The line the record starts on, 1-based. */
  line: number;
  fields: string[];
}

/** The text is not valid delimited text: a quoted cell never closes. */
export class DelimitedTextError extends Error {
  override name = 'DelimitedTextError';
}

const quote = 34;
const lineFeed = 10;
const carriageReturn = 13;
const byteOrderMark = 0xfeff;

/** The text without a leading byte order mark (a decoder may leave one). */
export const withoutByteOrderMark = (text: string) => (text.charCodeAt(0) === byteOrderMark ? text.slice(1) : text);

/** The delimiter of a header line: a tab or semicolon when it has more of those than commas. */
export function delimiterOf(headerLine: string): string {
  const counts = { ',': headerLine.split(',').length, '\t': headerLine.split('\t').length, ';': headerLine.split(';').length };
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0];
}

/** Line breaks in a quoted cell's text (CRLF counts once). */
function lineBreaks(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) count++;
  for (let index = text.indexOf('\r'); index >= 0; index = text.indexOf('\r', index + 1)) if (text.charCodeAt(index + 1) !== lineFeed) count++;
  return count;
}

/**
 * Parses the complete records at the start of `text` (`delimiter` is a character code). Unless `final`, stops before
 * a record that may continue in the next chunk, and says how far it got, so a streaming caller keeps the rest for
 * later. Written for speed: a million rows are a few hundred milliseconds, so an import is not bound by it.
 */
export function parseDelimitedRecords(
  text: string,
  delimiter: number,
  startLine: number,
  final: boolean,
): { records: DelimitedRecord[]; consumed: number; line: number } {
  const records: DelimitedRecord[] = [];
  const end = text.length;
  let consumed = 0;
  let consumedLine = startLine;
  let line = startLine;
  let position = 0;
  records: while (position < end) {
    const recordLine = line;
    const fields: string[] = [];
    let index = position;
    for (;;) {
      let value: string;
      if (index < end && text.charCodeAt(index) === quote) {
        // A quoted cell: doubled quotes are one quote; it may span lines.
        let from = index + 1;
        let cell = '';
        for (;;) {
          const closing = text.indexOf('"', from);
          if (closing < 0) {
            if (final) throw new DelimitedTextError(`The file is not valid CSV: the quoted cell that starts on line ${line} is never closed.`);
            break records;
          }
          cell += text.slice(from, closing);
          if (closing + 1 >= end && !final) break records;
          if (text.charCodeAt(closing + 1) === quote) {
            cell += '"';
            from = closing + 2;
            continue;
          }
          from = closing + 1;
          break;
        }
        line += lineBreaks(cell);
        // Text after the closing quote (a stray quote in a cell) is kept as it is.
        let after = from;
        while (after < end) {
          const code = text.charCodeAt(after);
          if (code === delimiter || code === lineFeed || code === carriageReturn) break;
          after++;
        }
        if (after >= end && !final) break records;
        value = after > from ? cell + text.slice(from, after) : cell;
        index = after;
      } else {
        let after = index;
        while (after < end) {
          const code = text.charCodeAt(after);
          if (code === delimiter || code === lineFeed || code === carriageReturn) break;
          after++;
        }
        if (after >= end && !final) break records;
        value = text.slice(index, after);
        index = after;
      }
      fields.push(value);
      if (index >= end) {
        position = end;
        break;
      }
      const code = text.charCodeAt(index);
      if (code === delimiter) {
        index++;
        continue;
      }
      if (code === carriageReturn && index + 1 >= end && !final) break records;
      index += code === carriageReturn && text.charCodeAt(index + 1) === lineFeed ? 2 : 1;
      line++;
      position = index;
      break;
    }
    // Empty lines are skipped.
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    consumed = position;
    consumedLine = line;
  }
  return { records, consumed, line: consumedLine };
}

/** The records of a whole text, its delimiter read from the first line unless given. Throws DelimitedTextError. */
export function parseDelimitedText(text: string, delimiter?: string): DelimitedRecord[] {
  const body = withoutByteOrderMark(text);
  const separator = delimiter ?? delimiterOf(body.slice(0, body.search(/[\r\n]|$/)));
  return parseDelimitedRecords(body, separator.charCodeAt(0), 1, true).records;
}
