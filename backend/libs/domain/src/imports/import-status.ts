import type { ImportResult, ImportStatus, JobStatus } from '@serpwise/contracts';
import { importJob, readJobInput, restPrefix } from '@serpwise/contracts';
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
  const link = result && payload.errorReport && status.owner.userId ? links.sign(importErrorReportPath(status.id), status.owner.userId, now) : null;
  return {
    ...base,
    import: {
      format: payload.format,
      fileName: payload.fileName,
      fileBytes: payload.fileBytes,
      territory: payload.territory,
      domain: payload.domain,
      date: payload.date,
      rowsRead: result?.rowsRead ?? null,
      rowsLanded: result?.rowsLanded ?? null,
      rowsDuplicate: result?.rowsDuplicate ?? null,
      rowsRejected: result?.rowsRejected ?? null,
      errorReportUrl: link?.url ?? null,
    },
  };
}
