import { exportJob } from '@serpwise/contracts';
import type { JobRecordRepository } from '@serpwise/database';
import { exportFileKey, exportPayloadOf, type FileStore } from '@serpwise/backend/platform';
import type { Logger } from 'pino';

/**
 * Removes export files EXPORT_FILE_TTL_HOURS after their job finished (docs/decisions.md, "Exports") and marks the
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
    const finished = await records.findFinishedBefore(exportJob.name, new Date(now - this.ttlMs));
    for (const job of finished) {
      const payload = exportPayloadOf(job);
      if (job.owner.userId && payload.format && payload.format !== 'sheets') await this.files.remove(exportFileKey(job.owner.userId, job.id, payload.format));
      await records.mergePayload(job.id, { fileRemoved: true });
    }
    if (finished.length) this.logger.info({ removed: finished.length }, 'removed expired export files');
    return finished.length;
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
