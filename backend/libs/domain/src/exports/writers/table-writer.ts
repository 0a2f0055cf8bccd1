import type { CellValue, ExportResumePoint } from '@serpwise/contracts';
import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** What a writer adds to an export's checkpoint besides the rows: an XLSX archive's state, a spreadsheet's id. */
export type WriterCheckpoint = Pick<ExportResumePoint, 'zip' | 'sheet'>;

/** Writes a table, header first, to a stream; rows arrive in batches so each batch is one write. */
export interface TableWriter {
  /** The most data rows the format holds (besides the header). */
  readonly maxRows: number;
  header(headers: readonly string[]): Promise<void>;
  rows(rows: readonly (readonly CellValue[])[]): Promise<void>;
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
