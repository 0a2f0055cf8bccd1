import { PayloadTooLargeException } from '@nestjs/common';
import { importFormats, importInspectZipBytes, importMessages, type ImportFormat } from '@serpwise/contracts';
import type { ImportHead } from '@serpwise/research';
import type { Request } from 'express';
import { z } from 'zod';
import { badRequest } from '../../common/bad-request.js';
import { receiveMultipartFile } from './multipart-file.js';

const inspectFieldsSchema = z.object({
  format: z.enum(importFormats, { message: 'Choose what kind of file this is.' }),
  /** The whole file's size, when the browser sends only its head; absent, what is sent is the whole file. */
  fileSize: z.coerce.number().int().min(0).optional(),
});

/**
 * Reads POST /rest/imports/inspect (multipart: format, fileSize, then `file`: the head of the file, or the whole of
 * a ZIP) into memory — at most the size of a ZIP the form sends whole; nothing is stored.
 */
export function receiveInspectionHead(request: Request): Promise<{ format: ImportFormat; head: ImportHead }> {
  return receiveMultipartFile(request, { fields: 5, fieldSize: 256, fileSize: importInspectZipBytes }, async (fields, stream, info) => {
    const parsed = inspectFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      stream.resume();
      throw badRequest(parsed.error.issues.map((issue) => issue.message));
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    if ((stream as { truncated?: boolean }).truncated) {
      throw new PayloadTooLargeException({ statusCode: 413, message: importMessages.inspectTooLarge, errors: [importMessages.inspectTooLarge] });
    }
    const bytes = Buffer.concat(chunks);
    const complete = parsed.data.fileSize === undefined || parsed.data.fileSize <= bytes.length;
    return { format: parsed.data.format, head: { bytes: new Uint8Array(bytes), fileName: (info.filename || 'upload').slice(0, 200), complete } };
  });
}
