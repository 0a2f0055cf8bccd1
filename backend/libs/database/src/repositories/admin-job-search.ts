import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminJobRow, AdminJobSearch, JobState } from '@serpwise/contracts';
import { SqlFilter } from './sql-filter.js';

interface Row {
  id: string;
  queue: string;
  name: string;
  state: JobState;
  email: string | null;
  attempts: number;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/**
 * The admin job search (issue 23 point 2) over job_record, the record of every job: by id, the owner's e-mail
 * (whole address, any letter case), queue, state and time asked; newest first, one page at a time.
 */
export class AdminJobSearchRepository {
  constructor(private readonly em: EntityManager) {}

  async search(query: AdminJobSearch): Promise<{ jobs: AdminJobRow[]; total: number }> {
    const { where, params } = new SqlFilter()
      .narrow('job.id = ?::uuid', query.id)
      .narrow('lower(owner.email) = lower(?)', query.email)
      .equal(query, { queue: 'job.queue', state: 'job.state' })
      .between('job.created_at', query.from, query.to);
    const from = 'from job_record job left join app_user owner on owner.id = job.user_id';
    const [rows, counted] = await Promise.all([
      this.em.execute<Row[]>(
        `select job.id, job.queue, job.name, job.state, owner.email, job.attempts, job.error, job.created_at, job.started_at, job.finished_at
         ${from} ${where} order by job.created_at desc, job.id desc limit ? offset ?`,
        [...params, query.pageSize, query.startRow - 1],
      ),
      this.em.execute<{ count: string }[]>(`select count(*) as count ${from} ${where}`, params),
    ]);
    return {
      jobs: rows.map((row) => ({
        id: row.id,
        queue: row.queue,
        name: row.name,
        state: row.state,
        ownerEmail: row.email,
        createdAt: new Date(row.created_at).toISOString(),
        startedAt: iso(row.started_at),
        finishedAt: iso(row.finished_at),
        attempts: row.attempts,
        error: row.error,
      })),
      total: Number(counted[0]?.count ?? 0),
    };
  }
}
