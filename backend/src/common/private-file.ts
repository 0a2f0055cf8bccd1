import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** "report.csv" for Content-Disposition, with an RFC 5987 UTF-8 form for names outside ASCII. */
export const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

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
