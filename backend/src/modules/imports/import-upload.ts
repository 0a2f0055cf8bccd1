import { PayloadTooLargeException } from '@nestjs/common';
import { importInspectHeadBytes, importMaxBytes, importMessages, startImportSchema, type ImportOptionsInput } from '@serpwise/contracts';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from '@serpwise/platform';
import { badRequest } from '../../common/bad-request.js';
import { receiveMultipartFile } from './multipart-file.js';

export interface ReceivedUpload {
  options: ImportOptionsInput;
  fileName: string;
  bytes: number;
  sha256: string;
  /** The file's first bytes (importInspectHeadBytes at most): what the upload's own inspection reads. */
  head: Buffer;
}

/**
 * Reads a multipart upload as a stream: the form fields (format, territory, domain, date) first, then the `file`
 * part, which goes straight into the file store under `key` while its size and sha256 are counted and its head kept
 * for the inspection — never held whole in memory. Over `maxBytes` the stored part is dropped and the answer is 413, or `overLimit()` when the cap is
 * the account's daily import quota rather than the file size limit.
 */
export function receiveImportUpload(request: Request, files: FileStore, key: string, maxBytes = importMaxBytes, overLimit?: () => Error): Promise<ReceivedUpload> {
  return receiveMultipartFile(request, { fields: 10, fieldSize: 4096, fileSize: maxBytes }, async (fields, stream, info) => {
    const parsed = startImportSchema.safeParse(fields);
    if (!parsed.success) {
      stream.resume();
      throw badRequest(parsed.error.issues.map((issue) => issue.message));
    }
    const hash = createHash('sha256');
    let bytes = 0;
    const head: Buffer[] = [];
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        if (bytes < importInspectHeadBytes) head.push(chunk.subarray(0, importInspectHeadBytes - bytes));
        bytes += chunk.length;
        done(null, chunk);
      },
    });
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
    return { options: parsed.data, fileName, bytes, sha256: hash.digest('hex'), head: Buffer.concat(head) };
  });
}
