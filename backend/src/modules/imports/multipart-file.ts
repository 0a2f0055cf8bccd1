import { importMessages } from '@serpwise/contracts';
import busboy from 'busboy';
import type { Request } from 'express';
import type { Readable } from 'node:stream';
import { badRequest } from '../../common/bad-request.js';

/**
 * Reads a multipart request whose form fields come before its one `file` part: `receive` gets the fields read so
 * far with the file's stream and answers the result, or refuses (draining the stream first). Other parts are
 * drained; a request without a file answers 400.
 */
export function receiveMultipartFile<T>(
  request: Request,
  limits: Omit<busboy.Limits, 'files'>,
  receive: (fields: Record<string, string>, stream: Readable, info: busboy.FileInfo) => Promise<T>,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: request.headers, limits: { ...limits, files: 1 } });
    } catch {
      reject(badRequest([importMessages.noFile]));
      return;
    }
    const fields: Record<string, string> = {};
    let received: Promise<T> | null = null;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || received) {
        stream.resume();
        return;
      }
      received = receive(fields, stream, info);
      // Kept for 'close'; an unobserved rejection would crash the process.
      received.catch(() => undefined);
    });
    parser.on('error', (error) => reject(error instanceof Error ? badRequest([error.message]) : error));
    parser.on('close', () => {
      if (!received) reject(badRequest([importMessages.noFile]));
      else received.then(resolve, reject);
    });
    request.pipe(parser);
  });
}
