import type { CellValue } from '@serpwise/contracts';
import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Writes a table, header first, to a stream; rows arrive in batches so each batch is one write. */
export interface TableWriter {
  /** The most data rows the format holds (besides the header). */
  readonly maxRows: number;
  header(headers: readonly string[]): Promise<void>;
  rows(rows: readonly (readonly CellValue[])[]): Promise<void>;
  /** Writes the end of the file; the caller then ends the stream. */
  finish(): Promise<void>;
}

/** Writes with backpressure: waits for 'drain' when the stream's buffer is full. */
export async function writeTo(stream: Writable, chunk: string | Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}
