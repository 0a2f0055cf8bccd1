import type { WarehouseRow } from '../warehouse/warehouse-row.js';

/** What the user says about the file, for what the file itself does not say. */
export interface ImportOptions {
  /** Territory code of the searches (US, UK, DE …). */
  territory: string;
  /** The site's domain (Search Console; read from Pages.csv when not given). */
  domain?: string | null;
  /** YYYY-MM-DD, for rows of a file that has no date. */
  date?: string | null;
}

/** One record of a file: a row to land, or a bad row with its line (1-based, the line it starts on) and why. */
export type ParsedItem = { line: number; row: WarehouseRow; problem?: undefined } | { line: number; problem: string; row?: undefined };

/** The file is not what the user said it is: it is refused whole and nothing lands. */
export class WrongFileError extends Error {
  override name = 'WrongFileError';
}

/** A parser reads the file's bytes as a stream and yields its records one by one. */
export type ImportParser = (input: AsyncIterable<Uint8Array>, options: ImportOptions, fileName: string) => AsyncIterable<ParsedItem>;
