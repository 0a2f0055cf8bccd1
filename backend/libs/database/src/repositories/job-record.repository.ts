import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobState, JobStatus } from '@serpwise/contracts';
import { randomUUID } from 'node:crypto';

export interface JobOwner {
  sessionId: string;
  userId: string | null;
}

export interface NewJobRecord {
  id?: string;
  queue: string;
  payload: Record<string, unknown>;
  name: string;
  owner: JobOwner;
  total: number;
  message?: string;
}

interface JobRecordRow {
  id: string;
  queue: string;
  name: string;
  session_id: string;
  user_id: string | null;
  state: JobState;
  percent: number;
  message: string | null;
  done: number;
  total: number;
  attempts: number;
  result: unknown;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface OwnedJobStatus extends JobStatus {
  owner: JobOwner;
}

/** The status as its owner may see it: without the owner ids. */
export function withoutOwner(status: OwnedJobStatus): JobStatus {
  const { owner: _owner, ...rest } = status;
  return rest;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function toStatus(row: JobRecordRow): OwnedJobStatus {
  return {
    id: row.id,
    queue: row.queue,
    name: row.name,
    state: row.state,
    percent: row.percent,
    message: row.message,
    done: row.done,
    total: row.total,
    attempts: row.attempts,
    result: row.result ?? null,
    error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    owner: { sessionId: row.session_id, userId: row.user_id },
  };
}

/**
 * State changes of a job record. Each transition is one conditional UPDATE ... RETURNING, so two workers racing
 * on the same job (a stalled job picked up again) cannot both finish it: the second one gets null back.
 */
export class JobRecordRepository {
  constructor(private readonly em: EntityManager) {}

  async create(input: NewJobRecord): Promise<OwnedJobStatus> {
    const rows = await this.em.execute<JobRecordRow[]>(
      `insert into job_record (id, queue, name, session_id, user_id, payload, state, percent, message, done, total, attempts, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?::jsonb, 'queued', 0, ?, 0, ?, 0, now(), now()) returning *`,
      [
        input.id ?? randomUUID(),
        input.queue,
        input.name,
        input.owner.sessionId,
        input.owner.userId,
        JSON.stringify(input.payload),
        input.message ?? null,
        input.total,
      ],
    );
    return toStatus(rows[0]!);
  }

  async findById(id: string): Promise<OwnedJobStatus | null> {
    const rows = await this.em.execute<JobRecordRow[]>('select * from job_record where id = ?', [id]);
    return rows[0] ? toStatus(rows[0]) : null;
  }

  /** A job its owner may see: same user when logged in, else same session. Anyone else gets null. */
  async findOwned(id: string, owner: JobOwner): Promise<OwnedJobStatus | null> {
    const rows = await this.em.execute<JobRecordRow[]>(
      `select * from job_record where id = ? and (session_id = ? or (?::uuid is not null and user_id = ?::uuid))`,
      [id, owner.sessionId, owner.userId, owner.userId],
    );
    return rows[0] ? toStatus(rows[0]) : null;
  }

  /** A worker took the job (first time or again after a crash). Null when it already ended. */
  async markActive(id: string, message: string): Promise<OwnedJobStatus | null> {
    return this.transition(
      `update job_record set state = 'active', attempts = attempts + 1, message = ?,
         started_at = coalesce(started_at, now()), updated_at = now()
       where id = ? and state in ('queued', 'active') returning *`,
      [message, id],
    );
  }

  async recordProgress(id: string, progress: { done: number; total: number; message: string }): Promise<OwnedJobStatus | null> {
    const percent = progress.total > 0 ? Math.min(100, Math.floor((progress.done / progress.total) * 100)) : 0;
    return this.transition(
      `update job_record set done = ?, total = ?, percent = ?, message = ?, updated_at = now()
       where id = ? and state = 'active' returning *`,
      [progress.done, progress.total, percent, progress.message, id],
    );
  }

  /** Merges a checkpoint into the result so a retried job resumes where the last attempt stopped. */
  async saveCheckpoint(id: string, checkpoint: Record<string, unknown>): Promise<void> {
    await this.em.execute(
      `update job_record set result = coalesce(result, '{}'::jsonb) || ?::jsonb, updated_at = now() where id = ? and state = 'active'`,
      [JSON.stringify(checkpoint), id],
    );
  }

  async complete(id: string, result: unknown, message: string): Promise<OwnedJobStatus | null> {
    return this.transition(
      `update job_record set state = 'completed', percent = 100, done = total, result = ?::jsonb, message = ?,
         error = null, finished_at = now(), updated_at = now()
       where id = ? and state = 'active' returning *`,
      [JSON.stringify(result), message, id],
    );
  }

  async fail(id: string, error: string): Promise<OwnedJobStatus | null> {
    return this.transition(
      `update job_record set state = 'failed', error = ?, message = ?, finished_at = now(), updated_at = now()
       where id = ? and state in ('queued', 'active') returning *`,
      [error, 'Failed', id],
    );
  }

  /** Jobs still queued or running that have not moved for a while: candidates to queue again after a Redis loss. */
  async findUnfinishedSince(olderThanMs: number, limit = 500): Promise<{ id: string; name: string; payload: Record<string, unknown> }[]> {
    return this.em.execute(
      `select id, name, payload from job_record
       where state in ('queued', 'active') and updated_at < now() - make_interval(secs => ?)
       order by created_at limit ?`,
      [olderThanMs / 1000, limit],
    );
  }

  private async transition(sql: string, params: unknown[]): Promise<OwnedJobStatus | null> {
    const rows = await this.em.execute<JobRecordRow[]>(sql, params);
    return rows[0] ? toStatus(rows[0]) : null;
  }
}
