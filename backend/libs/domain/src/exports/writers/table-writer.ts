import type { CellValue, ExportResumePoint } from '@serpwise/contracts';
import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** What a writer adds to an export's checkpoint besides the rows: an XLSX archive's state, a spreadsheet's id. */
export type WriterCheckpoint = Pick<ExportResumePoint, 'zip' | 'sheet' | 'sharedStrings'>;

/**
 * Cells that end many rows alike: an export's Data Source and Data Date, the same for every row of the same source
 * (row-provenance.ts). A tail is one array object per distinct set of cells (ProvenanceTails), so a writer encodes
 * each tail once per file and appends the encoded piece to each row (tailEncoder), instead of encoding the same
 * cells for every row.
 */
export type RowTail = readonly CellValue[];

/** Writes a table, header first, to a stream; rows arrive in batches so each batch is one write. */
export interface TableWriter {
  /** The most data rows the format holds (besides the header). */
  readonly maxRows: number;
  header(headers: readonly string[]): Promise<void>;
  /**
   * `tails`, when given, ends row i with the cells of tails[i]: the file reads cell for cell as one of rows holding
   * them (a CSV byte for byte; an XLSX keeps the tails' texts as shared strings).
   */
  rows(rows: readonly (readonly CellValue[])[], tails?: readonly RowTail[]): Promise<void>;
  /**
   * Called after rows() settles: what a later writer needs to go on after every row written so far, or null when
   * the rows written so far are not all safe yet (a spreadsheet's rows still buffered), so no commit is made now.
   */
  checkpoint(): WriterCheckpoint | null;
  /** Writes the end of the file; the caller then ends the stream. */
  finish(): Promise<void>;
}

/** Writes with backpressure: waits for 'drain' when the stream's buffer is full. */
export async function writeTo(stream: Writable, chunk: string | Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/**
 * A writer's cache of its encoded tails: each distinct tail (by identity) encoded once. A file has a few (one per
 * source or set of sources of its rows), so the cache stays small; it lives as long as the writer (one file).
 */
export function tailEncoder(encode: (tail: RowTail) => string): (tail: RowTail) => string {
  const encoded = new Map<RowTail, string>();
  // Rows of one source often come together: the last tail is answered without a lookup.
  let lastTail: RowTail | null = null;
  let lastPiece = '';
  return (tail) => {
    if (tail === lastTail) return lastPiece;
    let piece = encoded.get(tail);
    if (piece === undefined) encoded.set(tail, (piece = encode(tail)));
    lastTail = tail;
    lastPiece = piece;
    return piece;
  };
}
