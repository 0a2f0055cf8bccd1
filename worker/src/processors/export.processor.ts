import type { EntityManager } from '@mikro-orm/postgresql';
import { exportJob, type ExportResult, type JobPayload } from '@serpwise/contracts';
import type { OwnedJobStatus } from '@serpwise/database';
import { spreadsheetOf, TableExports, type TableExportOptions } from '@serpwise/domain';
import type { FileStore } from '@serpwise/platform';
import { isExportTableId } from '@serpwise/research';
import { UnrecoverableError } from 'bullmq';
import type pg from 'pg';
import type { JobContext, JobHandler, UnpublishedRun } from '../jobs/job-handler.js';
import { jobOwnerAccount } from '../jobs/owner-plan.js';
import { ownerOfJob, recordedJob } from '../jobs/recorded-job.js';

/**
 * Runs an export job: reads its record and its owner's plan as it stands now, and hands them to `TableExports`
 * (@serpwise/domain, exports/table-export.ts), which streams the table into the file or spreadsheet.
 */
export class ExportProcessor implements JobHandler<typeof exportJob> {
  readonly contract = exportJob;
  private readonly exports: TableExports;

  constructor(
    private readonly em: () => EntityManager,
    pool: pg.Pool,
    files: FileStore,
    options: TableExportOptions = {},
  ) {
    this.exports = new TableExports(pool, files, options);
  }

  async handle(payload: JobPayload<typeof exportJob>, context: JobContext): Promise<ExportResult> {
    const em = this.em();
    const { input, ownerUserId } = await recordedJob(em, exportJob, payload.jobId);
    const { table } = input;
    if (!isExportTableId(table)) throw new UnrecoverableError(`Unknown export table ${table}`);
    const owner = await jobOwnerAccount(em, ownerUserId);
    return this.exports.run({ jobId: payload.jobId, ownerUserId, input: { ...input, table }, planRoles: owner.planRoles }, context);
  }

  /**
   * The file was complete but not published (the job was cancelled meanwhile, or another run owns it now): this
   * attempt's file goes. A Sheets export's spreadsheet is the job's, not the attempt's: a run that took the job over
   * goes on in it, and a cancelled job's goes through `abandoned`.
   */
  async discard(payload: JobPayload<typeof exportJob>, result: ExportResult, unpublished: UnpublishedRun): Promise<void> {
    if (result.format === 'sheets') return;
    const ownerUserId = await ownerOfJob(this.em(), payload.jobId);
    if (ownerUserId) await this.exports.discard(ownerUserId, payload.jobId, result.format, unpublished.attempt);
  }

  /**
   * A Sheets export that failed for good or was cancelled: the spreadsheet its runs made (recorded in its checkpoint)
   * is deleted from the owner's Drive; when Google refuses (a grant from before the drive.file scope), the owner is
   * told where it is.
   */
  async abandoned(_payload: JobPayload<typeof exportJob>, ended: OwnedJobStatus): Promise<string | null> {
    const spreadsheet = spreadsheetOf((ended.result as Record<string, unknown> | null) ?? null);
    if (!spreadsheet || !ended.owner.userId) return null;
    if (await this.exports.removeSpreadsheet(ended.owner.userId, spreadsheet)) return null;
    return `The unfinished spreadsheet is still in your Google Drive: ${spreadsheet.url}`;
  }
}
