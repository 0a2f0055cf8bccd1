import { PayloadTooLargeException } from '@nestjs/common';
import { importInspectZipBytes, importMessages, inspectImportFieldsSchema, type ImportFormat } from '@serpwise/contracts';
import type { ImportHead } from '@serpwise/research';
import type { Request } from 'express';
import { badRequest } from '../../common/bad-request.js';
import { receiveMultipartFile } from './multipart-file.js';

/**
 * Reads POST /rest/imports/inspect (multipart: format, fileSize, then `file`: the head of the file, or the whole of
 * a ZIP) into memory — at most the size of a ZIP the form sends whole; nothing is stored.
 */
export function receiveInspectionHead(request: Request): Promise<{ format: ImportFormat; head: ImportHead }> {
  return receiveMultipartFile(request, { fields: 5, fieldSize: 256, fileSize: importInspectZipBytes }, async (fields, stream, info) => {
    const parsed = inspectImportFieldsSchema.safeParse(fields);
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
