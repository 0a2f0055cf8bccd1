import { PayloadTooLargeException } from '@nestjs/common';
import { importMaxBytes, importMessages, startImportSchema, type ImportOptionsInput } from '@serpwise/contracts';
import busboy from 'busboy';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from '@serpwise/platform';
import { badRequest } from '../../common/bad-request.js';

export interface ReceivedUpload {
  options: ImportOptionsInput;
  fileName: string;
  bytes: number;
  sha256: string;
}

/**
 * Reads a multipart upload as a stream: the form fields (format, territory, domain, date) first, then the `file`
 * part, which goes straight into the file store under `key` while its size and sha256 are counted — never held
 * whole in memory. Over `maxBytes` the stored part is dropped and the answer is 413, or `overLimit()` when the cap is
 * the account's daily import quota rather than the file size limit.
 */
export function receiveImportUpload(request: Request, files: FileStore, key: string, maxBytes = importMaxBytes, overLimit?: () => Error): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: request.headers, limits: { files: 1, fields: 10, fieldSize: 4096, fileSize: maxBytes } });
    } catch {
      reject(badRequest([importMessages.noFile]));
      return;
    }
    const fields: Record<string, string> = {};
    let stored: Promise<ReceivedUpload> | null = null;
    let failure: Error | null = null;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || stored) {
        stream.resume();
        return;
      }
      const parsed = startImportSchema.safeParse(fields);
      if (!parsed.success) {
        failure = badRequest(parsed.error.issues.map((issue) => issue.message));
        stream.resume();
        return;
      }
      const hash = createHash('sha256');
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      stored = (async () => {
        const upload = await files.create(key);
        try {
          await pipeline(stream, counter, upload.stream);
          if ((stream as { truncated?: boolean }).truncated && overLimit) throw overLimit();
          if ((stream as { truncated?: boolean }).truncated) throw new PayloadTooLargeException({ statusCode: 413, message: importMessages.tooLarge, errors: [importMessages.tooLarge] });
          await upload.commit();
        } catch (error) {
          await upload.abort();
          throw error;
        }
        const fileName = (info.filename || 'upload').replace(/[\\/]/g, '_').slice(0, 200);
        return { options: parsed.data, fileName, bytes, sha256: hash.digest('hex') };
      })();
      // Keep the rejection for 'close'; an unobserved one would crash the process.
      stored.catch(() => undefined);
    });
    parser.on('error', (error) => reject(error instanceof Error ? badRequest([error.message]) : error));
    parser.on('close', () => {
      if (failure) reject(failure);
      else if (!stored) reject(badRequest([importMessages.noFile]));
      else stored.then(resolve, reject);
    });
    request.pipe(parser);
  });
}
