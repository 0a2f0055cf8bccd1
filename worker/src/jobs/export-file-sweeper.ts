import { exportJob, reportJob } from '@serpwise/contracts';
import type { JobRecordRepository, OwnedJobStatus } from '@serpwise/database';
import { exportFileKey, exportPayloadOf, reportFileKey, type FileStore } from '@serpwise/backend/platform';
import type { Logger } from 'pino';

/** The jobs that leave files, and where a finished job's file is (null: it left none). */
const fileKinds: { jobName: string; fileKeyOf(job: OwnedJobStatus): string | null }[] = [
  {
    jobName: exportJob.name,
    fileKeyOf: (job) => {
      const format = exportPayloadOf(job).format;
      return job.owner.userId && format && format !== 'sheets' ? exportFileKey(job.owner.userId, job.id, format) : null;
    },
  },
  { jobName: reportJob.name, fileKeyOf: (job) => (job.owner.userId ? reportFileKey(job.owner.userId, job.id) : null) },
];

/**
 * Removes export and report files EXPORT_FILE_TTL_HOURS after their job finished (docs/decisions.md, "Exports") and marks the
 * record, so its link stops being offered. Runs at start and then every few minutes; safe to run on every worker.
 */
export class ExportFileSweeper {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly records: () => JobRecordRepository,
    private readonly files: FileStore,
    private readonly logger: Logger,
    private readonly ttlMs: number,
  ) {}

  async sweepOnce(now = Date.now()): Promise<number> {
    const records = this.records();
    let removed = 0;
    for (const kind of fileKinds) {
      const finished = await records.findFinishedBefore(kind.jobName, new Date(now - this.ttlMs));
      for (const job of finished) {
        const key = kind.fileKeyOf(job);
        if (key) await this.files.remove(key);
        await records.mergePayload(job.id, { fileRemoved: true });
      }
      removed += finished.length;
    }
    if (removed) this.logger.info({ removed }, 'removed expired export and report files');
    return removed;
  }

  startEvery(intervalMs: number): void {
    const tick = () => void this.sweepOnce().catch((error: unknown) => this.logger.warn({ err: error }, 'export file sweep failed'));
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
