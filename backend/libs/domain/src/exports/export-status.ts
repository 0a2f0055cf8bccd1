import type { ExportFileFormat, ExportResult, ExportStatus, JobStatus } from '@serpwise/contracts';
import { exportJob, exportResumeCheckpoint, readJobInput, restPrefix } from '@serpwise/contracts';
import { withoutOwner, type OwnedJobStatus } from '@serpwise/database';
import type { DownloadLinks } from '@serpwise/platform';

/**
 * Where the file of one attempt of an export is kept in the FileStore. Each attempt writes its own file, so a run
 * fenced off after a lost lock never writes into the published one; the published file is the completing attempt's
 * (the record's attempts once completed).
 */
export const exportFileKey = (userId: string, jobId: string, format: ExportFileFormat, attempt: number) => `exports/${userId}/${jobId}.${attempt}.${format}`;

export const exportDownloadPath = (jobId: string) => `${restPrefix}/exports/${jobId}/download`;

/**
 * An export job as its owner sees it (socket event, status and list): the job status plus the export's facts and,
 * while the finished file exists, a freshly signed download link.
 */
export function presentExport(status: OwnedJobStatus, links: DownloadLinks, fileTtlHours: number, now = Date.now()): ExportStatus {
  const payload = readJobInput(exportJob, status.payload);
  const base: JobStatus = withoutOwner(status);
  const result = status.state === 'completed' ? (status.result as ExportResult | null) : null;
  const available = Boolean(result) && payload.format !== 'sheets' && !payload.fileRemoved && status.owner.userId !== null;
  const link = available ? links.sign(exportDownloadPath(status.id), status.owner.userId!, now) : null;
  const fileExpiresAt = result && status.finishedAt ? new Date(new Date(status.finishedAt).getTime() + fileTtlHours * 3_600_000).toISOString() : null;
  return {
    ...base,
    export: {
      table: payload.table,
      params: payload.params,
      format: payload.format,
      scope: payload.scope,
      tableRows: payload.tableRows,
      rowLimit: payload.rowLimit,
      downloadUrl: link?.url ?? null,
      spreadsheetUrl: result?.url ?? null,
      linkExpiresAt: link?.expiresAt ?? null,
      fileExpiresAt: payload.fileRemoved || payload.format === 'sheets' ? null : fileExpiresAt,
      resumedFrom: status.state === 'active' ? resumedFromOf(status) : null,
    },
  };
}

/** The rows the running attempt took over from an earlier one, as its own checkpoint says; null when it started afresh. */
function resumedFromOf(status: OwnedJobStatus): number | null {
  const point = (status.result as Record<string, unknown> | null)?.[exportResumeCheckpoint] as { attempt?: unknown; resumedFrom?: unknown } | undefined;
  return point && point.attempt === status.attempts && typeof point.resumedFrom === 'number' ? point.resumedFrom : null;
}
