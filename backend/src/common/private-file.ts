import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A file name as a quoted Content-Disposition parameter: ASCII only, quotes and backslashes replaced. */
const quotedFileName = (fileName: string) => `filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`;

/** "report.csv" for Content-Disposition, with an RFC 5987 UTF-8 form for names outside ASCII. */
export const attachment = (fileName: string) => `attachment; ${quotedFileName(fileName)}; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** A file the browser shows in place (a PDF in its viewer), under its name if saved. */
export const inline = (fileName: string) => `inline; ${quotedFileName(fileName)}`;

/**
 * Streams a file made for one user (an export, an error report, a PDF): 200, never kept by a shared cache, with its
 * length when the store knows it.
 */
export async function sendPrivateFile(
  response: Response,
  file: { stream: Readable; bytes?: number | null },
  headers: { contentType: string; disposition: string },
): Promise<void> {
  response.status(200);
  response.setHeader('content-type', headers.contentType);
  response.setHeader('content-disposition', headers.disposition);
  response.setHeader('cache-control', 'private, no-store');
  if (file.bytes !== null && file.bytes !== undefined) response.setHeader('content-length', String(file.bytes));
  await pipeline(file.stream, response);
}
