import type { ImportSpread } from '@serpwise/contracts';
import type { SiteTrafficRow } from '../warehouse/site-traffic.js';
import type { WarehouseRow } from '../warehouse/warehouse-row.js';

/** What the user says about the file, for what the file itself does not say. */
export interface ImportOptions {
  /** Territory code of the searches (US, UK, DE …). */
  territory: string;
  /** The site's domain (Search Console; read from Pages.csv when not given). */
  domain?: string | null;
  /** YYYY-MM-DD, for rows of a file that has no date. */
  date?: string | null;
  /** YYYY-MM-DD, the range of a file's data that the file does not say itself (Search Console's Queries.csv alone). */
  dateFrom?: string | null;
  dateTo?: string | null;
  /** Told how a Search Console export's totals are spread over its months, before its first row. */
  onSpread?: (spread: ImportSpread) => void;
}

/**
 * Which row of the file an item is, for the import's counts (rows of the file, not rows landed: docs/decisions.md,
 * "What an import's counts count"): absent, a row of its own; 'same', a further part of the previous item's row (a
 * Search Console query or page in its next month); 'none', no row of the file (the site's months, added up from the
 * export's daily table). A bad row is always a row of its own.
 */
export type FileRow = 'same' | 'none';

/**
 * One record of a file: a row to land, a site's or page's own traffic of a month (Search Console's Pages and daily
 * tables; line 0 for what the daily table adds up), or a bad row with its line (1-based, the line it starts on) and why.
 * A record may give several rows (a Search Console query spread over its months), each with the record's line.
 */
export type ParsedItem =
  | { line: number; row: WarehouseRow; fileRow?: FileRow; problem?: undefined; traffic?: undefined }
  | { line: number; traffic: SiteTrafficRow; fileRow?: FileRow; problem?: undefined; row?: undefined }
  | { line: number; problem: string; fileRow?: undefined; row?: undefined; traffic?: undefined };

/** The file is not what the user said it is: it is refused whole and nothing lands. */
export class WrongFileError extends Error {
  override name = 'WrongFileError';
}

/** A parser reads the file's bytes as a stream and yields its records one by one. */
export type ImportParser = (input: AsyncIterable<Uint8Array>, options: ImportOptions, fileName: string) => AsyncIterable<ParsedItem>;

/**
 * A parser that yields the records a batch at a time (a chunk of the file's records, in order): what the import job
 * reads, so a million rows take a few thousand async steps instead of a million through each stage.
 */
export type ImportBatchParser = (input: AsyncIterable<Uint8Array>, options: ImportOptions, fileName: string) => AsyncIterable<ParsedItem[]>;

/** The records of a batch parser one by one. */
export function oneByOne(parser: ImportBatchParser): ImportParser {
  return async function* (input, options, fileName) {
    for await (const batch of parser(input, options, fileName)) yield* batch;
  };
}

/** The records of a parser grouped in batches of up to `size` (formats whose files are small parse row by row). */
export function inBatches(parser: ImportParser, size = 1000): ImportBatchParser {
  return async function* (input, options, fileName) {
    let batch: ParsedItem[] = [];
    for await (const item of parser(input, options, fileName)) {
      batch.push(item);
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  };
}
