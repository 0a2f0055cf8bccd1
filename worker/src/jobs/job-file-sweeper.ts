import { exportJob, importJob, readJobInput, reportJob } from '@serpwise/contracts';
import type { JobRecordRepository, OwnedJobStatus } from '@serpwise/database';
import type { FileStore } from '@serpwise/platform';
import { exportFileKey, importFileKey, reportFileKey, reportViewKey } from '@serpwise/domain';
import type { Logger } from 'pino';

/** Attempt numbers 1 … n: the attempts a finished job had, each of which may have left its own file. */
const attemptsOf = (job: OwnedJobStatus) => Array.from({ length: job.attempts }, (_, index) => index + 1);

/**
 * The jobs that leave files, and where a finished job's files are (none: it left none). Exports and reports write one
 * file per attempt: the published one, and any an attempt made before it was killed or fenced off.
 */
const fileKinds: { jobName: string; fileKeysOf(job: OwnedJobStatus): string[] }[] = [
  {
    jobName: exportJob.name,
    fileKeysOf: (job) => {
      const userId = job.owner.userId;
      const format = readJobInput(exportJob, job.payload).format;
      return userId && format !== 'sheets' ? attemptsOf(job).map((attempt) => exportFileKey(userId, job.id, format, attempt)) : [];
    },
  },
  {
    jobName: reportJob.name,
    fileKeysOf: (job) => {
      const userId = job.owner.userId;
      return userId ? attemptsOf(job).flatMap((attempt) => [reportFileKey(userId, job.id, attempt), reportViewKey(userId, job.id, attempt)]) : [];
    },
  },
  // An import's upload is only read by its job: once the job is over (its rows landed or refused) it is dead weight.
  // The error report stays until the import is deleted.
  { jobName: importJob.name, fileKeysOf: (job) => (job.owner.userId ? [importFileKey(job.owner.userId, job.id)] : []) },
];

/**
 * Removes export and report files, and imports' uploads, EXPORT_FILE_TTL_HOURS after their job finished
 * (docs/decisions.md, "Exports" and "Imports") and marks the record, so a file's link stops being offered. worker.ts runs it at start and then every few minutes; safe to run on every worker.
 */
export class JobFileSweeper {
  constructor(
    private readonly records: () => JobRecordRepository,
    private readonly files: FileStore,
    private readonly logger: Logger,
    private readonly ttlMs: number,
    /** REPORT_MAIL_LINK_DAYS: a mailed report's PDF stays as long as its mail's link works. */
    private readonly mailedTtlMs: number = ttlMs,
  ) {}

  async sweepOnce(now = Date.now()): Promise<number> {
    const records = this.records();
    let removed = 0;
    for (const kind of fileKinds) {
      const finished = await records.findFinishedBefore(kind.jobName, new Date(now - this.ttlMs), 500, new Date(now - Math.max(this.ttlMs, this.mailedTtlMs)), new Date(now));
      for (const job of finished) {
        for (const key of kind.fileKeysOf(job)) await this.files.remove(key);
        await records.mergePayload(job.id, { fileRemoved: true });
      }
      removed += finished.length;
    }
    if (removed) this.logger.info({ removed }, 'removed the files of jobs finished long ago');
    return removed;
  }
}
