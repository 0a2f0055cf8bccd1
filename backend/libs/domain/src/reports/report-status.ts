import { restPrefix, type JobStatus, type PdfExportStatus, type ReportJobResult, type ReportOptions } from '@serpwise/contracts';
import { withoutOwner, type OwnedJobStatus } from '@serpwise/database';
import type { DownloadLinks } from '@serpwise/platform';

/** The session id of a report job that no browser asked for (a scheduled delivery). */
export const noSessionId = '00000000-0000-0000-0000-000000000000';

/** What the API (or a firing schedule) stores in job_record.payload for a report; the worker reads it back. */
export interface ReportPayload {
  jobId: string;
  report: ReportOptions;
  /** Keep the PDF for its owner to open (ExportAsync). */
  store: boolean;
  /** Where to e-mail it (resolved addresses, the owner's own included when asked). */
  emailTo: string[];
  /** The browser's export session id (docs/product/account-exports-reports.md §3 Export request), read by GetStatus. */
  sessionId: string | null;
  /** The scheduled report this job delivers, if any. */
  scheduleId: string | null;
  /** Set by the sweep once the file is gone. */
  fileRemoved?: boolean;
}

export const reportPayloadOf = (status: Pick<OwnedJobStatus, 'payload'>) => status.payload as unknown as ReportPayload;

/** Where one attempt's PDF of a report is kept in the FileStore; the published one is the completing attempt's (as exports). */
export const reportFileKey = (userId: string, jobId: string, attempt: number) => `reports/${userId}/${jobId}.${attempt}.pdf`;

export const reportFilePath = (jobId: string) => `${restPrefix}/reports/jobs/${jobId}/pdf`;

/** A report job as its owner sees it: the job status plus the export request's flags and a signed link to the PDF. */
export function presentReport(status: OwnedJobStatus, links: DownloadLinks, now = Date.now()): PdfExportStatus {
  const payload = reportPayloadOf(status);
  const base: JobStatus = withoutOwner(status);
  const result = status.state === 'completed' ? (status.result as ReportJobResult | null) : null;
  const available = Boolean(result?.stored) && !payload.fileRemoved && status.owner.userId !== null;
  const link = available ? links.sign(reportFilePath(status.id), status.owner.userId!, now) : null;
  return {
    ...base,
    pdf: {
      sessionId: payload.sessionId,
      isReady: status.state === 'completed',
      isError: status.state === 'failed' || status.state === 'cancelled',
      url: link?.url ?? null,
      fileName: result?.fileName ?? null,
      emailTo: payload.emailTo,
      scheduleId: payload.scheduleId,
    },
  };
}
