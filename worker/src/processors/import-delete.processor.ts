import { importDeleteJob, importDeletionCheckpoint, importJob, importRemovalSchema, type ImportRemoval, type JobPayload } from '@serpwise/contracts';
import type { FileStore } from '@serpwise/platform';
import { importErrorReportKey, importFileKey } from '@serpwise/domain';
import { removeWarehouseSource, type RemovalProgress } from '@serpwise/research';
import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { JobCancelledError, type JobContext, type JobHandler } from '../jobs/job-handler.js';
import { recordedJob } from '../jobs/recorded-job.js';

const nothingRemoved: ImportRemoval = { observations: 0, ranks: 0, keywords: 0, pages: 0, domains: 0, months: [] };

/**
 * Deletes one import (issue 19, docs/architecture.md "How an import is deleted"): in one transaction, every row it
 * brought goes in batches that report progress (rows removed of rows in all), then the keywords, pages and sites only
 * it brought, the roll-ups of its months, its data_import and its job record; after the COMMIT, its files. A cancel
 * (seen at the next batch) or a killed worker rolls the transaction back, so the import stays whole; the next attempt
 * starts over. What the COMMIT removed is the run's checkpoint, so an attempt after it only finishes the files.
 */
export class ImportDeleteProcessor implements JobHandler<typeof importDeleteJob> {
  readonly contract = importDeleteJob;

  constructor(
    private readonly em: () => EntityManager,
    private readonly pool: pg.Pool,
    private readonly files: FileStore,
  ) {}

  async handle(payload: JobPayload<typeof importDeleteJob>, context: JobContext): Promise<ImportRemoval> {
    const { input, ownerUserId } = await recordedJob(this.em(), importDeleteJob, payload.jobId);
    const earlier = importRemovalSchema.safeParse(context.checkpoint?.[importDeletionCheckpoint]);
    const removed = earlier.success ? earlier.data : await this.removeRows(ownerUserId, input.importId, context);
    // Removing a file that is gone is a no-op, so a retry after a crash here finishes the job.
    await this.files.remove(importFileKey(ownerUserId, input.importId));
    await this.files.remove(importErrorReportKey(ownerUserId, input.importId));
    return removed;
  }

  private async removeRows(userId: string, importId: string, context: JobContext): Promise<ImportRemoval> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      // The import's row stays locked until COMMIT: a second run of this deletion waits here, then finds it gone.
      const { rows } = await client.query<{ source_id: number | null }>('select source_id from data_import where id = $1 and user_id = $2 for update', [importId, userId]);
      const sourceId = rows[0]?.source_id ?? null;
      const removed = sourceId === null ? nothingRemoved : await removeWarehouseSource(client, sourceId, { inTransaction: true, onProgress: this.reporter(context) });
      await client.query('delete from data_import where id = $1', [importId]);
      await client.query('delete from job_record where id = $1 and name = $2', [importId, importJob.name]);
      // Cancelled meanwhile, or taken over by another run after this one lost its lock? The checkpoint is written
      // only by the run holding the current attempt, and keeps the record locked until COMMIT: nothing is committed
      // after a cancel, and a cancel that waited for the COMMIT finds the checkpoint and is refused (job-record.repository.ts).
      const owner = await client.query(
        `update job_record set result = coalesce(result, '{}'::jsonb) || $3::jsonb, updated_at = now()
         where id = $1 and state = 'active' and attempts = $2 returning id`,
        [context.jobId, context.attempt, JSON.stringify({ [importDeletionCheckpoint]: removed })]);
      if (owner.rowCount === 0) throw new JobCancelledError();
      await client.query('commit');
      return removed;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Reports each batch and step (a batch is a month of monthly rows or 50,000 results, so a few dozen reports for
   * a million rows); a run that no longer owns the job (cancelled) stops at its next batch.
   */
  private reporter(context: JobContext) {
    return async (progress: RemovalProgress) => {
      if (!(await context.progress(progress.removed, progress.total, progress.message))) throw new JobCancelledError();
    };
  }
}
