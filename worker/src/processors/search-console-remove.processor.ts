import { searchConsoleRemoveJob, type JobPayload, type JobResult } from '@serpwise/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { removeSearchConsoleProperty } from '@serpwise/research';
import type pg from 'pg';
import { JobCancelledError, type JobContext, type JobHandler } from '../jobs/job-handler.js';
import { recordedJob } from '../jobs/recorded-job.js';

/**
 * Removes what Search Console brought for a user who disconnected with "also remove the data": property after
 * property (removeSearchConsoleProperty: each month in a transaction of its own, then the fetched days and the
 * property). Only the owner's properties, and only those still there: a retried run goes on with what is left.
 */
export class SearchConsoleRemoveProcessor implements JobHandler<typeof searchConsoleRemoveJob> {
  readonly contract = searchConsoleRemoveJob;

  constructor(
    private readonly em: () => EntityManager,
    private readonly pool: pg.Pool,
  ) {}

  async handle(payload: JobPayload<typeof searchConsoleRemoveJob>, context: JobContext): Promise<JobResult<typeof searchConsoleRemoveJob>> {
    const { input, ownerUserId } = await recordedJob(this.em(), searchConsoleRemoveJob, payload.jobId);
    const total = input.propertyIds.length;
    const db = await this.pool.connect();
    try {
      const { rows } = await db.query<{ id: number }>('select id from search_console_property where owner_user_id = $1 and id = any($2::int[]) order by id',
        [ownerUserId, input.propertyIds.map(Number)]);
      let done = total - rows.length;
      for (const row of rows) {
        if (!(await context.progress(done, total, `Removing Search Console data: ${done} of ${total} properties`))) throw new JobCancelledError();
        await removeSearchConsoleProperty(db, String(row.id));
        done += 1;
      }
      await context.progress(done, total, 'Search Console data removed');
      return { properties: rows.length };
    } finally {
      db.release();
    }
  }
}
