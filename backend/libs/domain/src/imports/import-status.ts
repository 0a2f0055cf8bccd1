import type { ImportReading, ImportResult, ImportStatus, JobStatus } from '@serpwise/contracts';
import { importJob, importReadingCheckpoint, readJobInput, restPrefix } from '@serpwise/contracts';
import { withoutOwner, type OwnedJobStatus } from '@serpwise/database';
import type { DownloadLinks } from '@serpwise/platform';

/** Where the uploaded file and its error report are kept in the FileStore. */
export const importFileKey = (userId: string, jobId: string) => `imports/${userId}/${jobId}.upload`;
export const importErrorReportKey = (userId: string, jobId: string) => `imports/${userId}/${jobId}-errors.csv`;
export const importErrorReportPath = (jobId: string) => `${restPrefix}/imports/${jobId}/errors`;

/** An import job as its owner sees it (socket event, status and list), with a signed link to its error report. */
export function presentImport(status: OwnedJobStatus, links: DownloadLinks, now = Date.now()): ImportStatus {
  const payload = readJobInput(importJob, status.payload);
  const base: JobStatus = withoutOwner(status);
  const result = status.state === 'completed' ? (status.result as ImportResult | null) : null;
  // An import of which no row could be used failed with its counts and error report (docs/product/imports.md).
  const nothingImported = status.state === 'failed' && payload.rowsRead !== undefined;
  const link = (result || nothingImported) && payload.errorReport && status.owner.userId ? links.sign(importErrorReportPath(status.id), status.owner.userId, now) : null;
  return {
    ...base,
    import: {
      format: payload.format,
      fileName: payload.fileName,
      fileBytes: payload.fileBytes,
      territory: payload.territory,
      domain: payload.domain,
      date: payload.date,
      dateFrom: payload.dateFrom ?? null,
      dateTo: payload.dateTo ?? null,
      reading: status.state === 'active' ? readingOf(status.result) : null,
      rowsRead: result?.rowsRead ?? (nothingImported ? payload.rowsRead! : null),
      rowsLanded: result?.rowsLanded ?? (nothingImported ? 0 : null),
      rowsDuplicate: result?.rowsDuplicate ?? (nothingImported ? 0 : null),
      rowsRejected: result?.rowsRejected ?? (nothingImported ? (payload.rowsRejected ?? 0) : null),
      spread: result?.spread ?? null,
      months: result ? result.months : null,
      errorReportUrl: link?.url ?? null,
      brought: result?.brought ?? null,
    },
  };
}

/** The counts a running import keeps in its record beside its progress (import.processor), or null before the first. */
function readingOf(result: unknown): ImportReading | null {
  const reading = (result as Record<string, unknown> | null)?.[importReadingCheckpoint] as Partial<ImportReading> | undefined;
  if (!reading || typeof reading.rows !== 'number' || typeof reading.rejected !== 'number' || typeof reading.bytes !== 'number') return null;
  return { rows: reading.rows, rejected: reading.rejected, bytes: reading.bytes };
}
