import { readJobInput, reportJob, restPrefix, type JobStatus, type PdfExportStatus, type ReportJobResult } from '@serpwise/contracts';
import { withoutOwner, type OwnedJobStatus } from '@serpwise/database';
import type { DownloadLinks } from '@serpwise/platform';

/** The session id of a report job that no browser asked for (a scheduled delivery). */
export const noSessionId = '00000000-0000-0000-0000-000000000000';

/** Where one attempt's PDF of a report is kept in the FileStore; the published one is the completing attempt's (as exports). */
export const reportFileKey = (userId: string, jobId: string, attempt: number) => `reports/${userId}/${jobId}.${attempt}.pdf`;

/** Where one attempt's web view of a report is kept (the HTML a share link shows, made with its PDF; issue 22 point 5). */
export const reportViewKey = (userId: string, jobId: string, attempt: number) => `reports/${userId}/${jobId}.${attempt}.html`;

export const reportFilePath = (jobId: string) => `${restPrefix}/reports/jobs/${jobId}/pdf`;

/** A report job as its owner sees it: the job status plus the export request's flags and a signed link to the PDF. */
export function presentReport(status: OwnedJobStatus, links: DownloadLinks, now = Date.now()): PdfExportStatus {
  const payload = readJobInput(reportJob, status.payload);
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
      template: payload.report.template,
      domain: payload.report.domain,
      countryCode: payload.report.countryCode,
      title: payload.report.customTitle || null,
      bytes: result?.bytes ?? null,
      trigger: payload.scheduleId ? (payload.trigger ?? 'schedule') : null,
    },
  };
}
