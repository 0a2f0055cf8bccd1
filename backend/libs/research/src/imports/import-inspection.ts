import { delimiterOf, importFormatLabels, importInspectHeadBytes, parseDelimitedRecords, withoutByteOrderMark, type ImportDetail, type ImportFormat, type ImportInspection } from '@serpwise/contracts';
import { inspectGscExport } from './gsc-inspection.js';
import { WrongFileError } from './import-parser.js';
import { readPlannerLayout } from './keyword-planner-parser.js';
import { organicColumns } from './organic-positions-parser.js';
import { columnIndexes, requireColumns } from './serp-file-parser.js';
import { separatorLine, textChunks, type CsvRecord } from './text-input.js';

/** The head of a file as the form sends it: its first bytes (or all of it), and whether they are all of it. */
export interface ImportHead {
  bytes: Uint8Array;
  fileName: string;
  /** False when the bytes stop before the end of the file (a text file's first 512 KB). */
  complete: boolean;
}

type Inspected = Pick<ImportInspection, 'needs' | 'found'>;

/** 'a Google Ads …', 'an Organic Positions …': the format as the parsers' refusals name it. */
const described = (format: ImportFormat) => `${/^[AEIOU]/.test(importFormatLabels[format]) ? 'an' : 'a'} ${importFormatLabels[format]}`;

async function* chunk(bytes: Uint8Array) {
  yield bytes;
}

/** The head as text (UTF-8, or UTF-16 by its BOM), by the parsers' decoder; refuses a ZIP or binary file. */
async function headText(head: ImportHead, format: ImportFormat): Promise<string> {
  let text = '';
  for await (const part of textChunks(chunk(head.bytes), described(format))) text += part;
  return withoutByteOrderMark(text);
}

/** The first record of the head (its header), read by the shared rules with the delimiter of its first line. */
async function firstRecord(head: ImportHead, format: ImportFormat): Promise<CsvRecord | null> {
  const whole = await headText(head, format);
  const declared = separatorLine(whole);
  const text = declared ? declared.body : whole;
  const line = text.slice(0, text.search(/[\r\n]|$/));
  try {
    return parseDelimitedRecords(text, (declared?.delimiter ?? delimiterOf(line)).charCodeAt(0), 1, head.complete).records[0] ?? null;
  } catch {
    throw new WrongFileError('The file is not valid CSV: its first line never ends.');
  }
}

const inspectors: Record<ImportFormat, (head: ImportHead) => Promise<Inspected>> = {
  gsc: (head) => inspectGscExport(head.bytes, head.fileName, head.complete, () => firstRecord(head, 'gsc')),

  'keyword-planner': async (head) => {
    const layout = await readPlannerLayout(textChunks(chunk(head.bytes), described('keyword-planner')));
    const month = layout.months.at(-1)?.month ?? layout.rangeMonth;
    return { needs: month ? ['territory'] : ['date', 'territory'], found: { date: month } };
  },

  'organic-positions': async (head) => {
    const header = await firstRecord(head, 'organic-positions');
    if (!header) throw new WrongFileError(`The file is empty: it is not ${described('organic-positions')}.`);
    const columns = organicColumns(header.fields, header.fields.join(','));
    return { needs: columns.timestamp >= 0 ? ['territory'] : ['date', 'territory'], found: {} };
  },

  serp: async (head) => {
    const text = await headText(head, 'serp');
    let indexes: ReturnType<typeof columnIndexes>;
    if (text.trimStart().startsWith('{')) {
      const line = text.trimStart().split('\n', 1)[0]!;
      let keys: string[];
      try {
        keys = Object.keys(JSON.parse(line) as object);
      } catch {
        throw new WrongFileError('This is not a SERP file (CSV or JSON lines with keyword, position and url): line 1 is not valid JSON.');
      }
      indexes = columnIndexes(keys);
      requireColumns(indexes, line);
    } else {
      const header = await firstRecord(head, 'serp');
      if (!header) throw new WrongFileError('The file is empty: it is not a SERP file (CSV or JSON lines with keyword, position and url).');
      indexes = columnIndexes(header.fields);
      requireColumns(indexes, header.fields.join(','));
    }
    const needs: ImportDetail[] = [...(indexes.date === undefined ? ['date' as const] : []), ...(indexes.territory === undefined ? ['territory' as const] : [])];
    return { needs, found: {} };
  },
};

/**
 * What the import form learns from the head of a file (POST /rest/imports/inspect, and the upload's own check): the
 * details it needs from the user, what it says itself, or why it is not a file of that format — read by the same
 * decoding, delimiter and header rules as its parser, so the form asks for exactly what the import will need.
 */
export async function inspectImport(format: ImportFormat, head: ImportHead): Promise<ImportInspection> {
  // A text file's header is in its first 512 KB: more (an API client sending a whole file) is not read.
  const zip = head.bytes[0] === 0x50 && head.bytes[1] === 0x4b && head.bytes[2] === 0x03 && head.bytes[3] === 0x04;
  const read = !zip && head.bytes.length > importInspectHeadBytes ? { ...head, bytes: head.bytes.subarray(0, importInspectHeadBytes), complete: false } : head;
  try {
    const { needs, found } = await inspectors[format](read);
    return { format, needs, found, problem: null };
  } catch (error) {
    if (error instanceof WrongFileError) return { format, needs: [], found: {}, problem: error.message };
    throw error;
  }
}
