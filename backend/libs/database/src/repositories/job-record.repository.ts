import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobState, JobStatus } from '@serpwise/contracts';
import { randomUUID } from 'node:crypto';
import { quotedArray } from './sql-arrays.js';

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
  /** Jobs with the same key may not run at the same time (see createUnlessRunning). */
  dedupeKey?: string;
}

interface JobRecordRow {
  id: string;
  queue: string;
  name: string;
  session_id: string;
  user_id: string | null;
  payload?: Record<string, unknown>;
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
  /** What the producer stored for the job (table, parameters …); never sent to the browser as is. */
  payload: Record<string, unknown>;
}

/** The status as its owner may see it: without the owner ids. */
export function withoutOwner(status: OwnedJobStatus): JobStatus {
  const { owner: _owner, payload: _payload, ...rest } = status;
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
    payload: row.payload ?? {},
  };
}

/**
 * State changes of a job record. Each transition is one conditional UPDATE ... RETURNING, so two workers racing
 * on the same job (a stalled job picked up again) cannot both finish it: the second one gets null back.
 */
export class JobRecordRepository {
  constructor(private readonly em: EntityManager) {}

  async create(input: NewJobRecord): Promise<OwnedJobStatus> {
    const created = await this.insert(input, '');
    return created!;
  }

  /**
   * Creates the job unless one with the same dedupe key is still queued or running; then answers that one, with
   * created = false. A unique partial index decides, so two requests racing cannot both create.
   */
  async createUnlessRunning(input: NewJobRecord & { dedupeKey: string }): Promise<{ job: OwnedJobStatus; created: boolean }> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const created = await this.insert(input, `on conflict (dedupe_key) where state in ('queued', 'active') do nothing`);
      if (created) return { job: created, created: true };
      const rows = await this.em.execute<JobRecordRow[]>(`select * from job_record where dedupe_key = ? and state in ('queued', 'active')`, [input.dedupeKey]);
      // The running one may have finished in between: then try again.
      if (rows[0]) return { job: toStatus(rows[0]), created: false };
    }
    throw new Error('Could not create or find the job');
  }

  /** Creates the job with this id unless it exists already (a repeated firing of a schedule); answers it either way. */
  async createOnce(input: NewJobRecord & { id: string }): Promise<{ job: OwnedJobStatus; created: boolean }> {
    const created = await this.insert(input, 'on conflict (id) do nothing');
    if (created) return { job: created, created: true };
    const existing = await this.findById(input.id);
    if (!existing) throw new Error('Could not create or find the job');
    return { job: existing, created: false };
  }

  private async insert(input: NewJobRecord, onConflict: string): Promise<OwnedJobStatus | null> {
    const rows = await this.em.execute<JobRecordRow[]>(
      `insert into job_record (id, queue, name, session_id, user_id, payload, dedupe_key, state, percent, message, done, total, attempts, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?::jsonb, ?, 'queued', 0, ?, 0, ?, 0, now(), now()) ${onConflict} returning *`,
      [
        input.id ?? randomUUID(),
        input.queue,
        input.name,
        input.owner.sessionId,
        input.owner.userId,
        JSON.stringify(input.payload),
        input.dedupeKey ?? null,
        input.message ?? null,
        input.total,
      ],
    );
    return rows[0] ? toStatus(rows[0]) : null;
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

  /**
   * A worker took the job (first time or again after a crash or a lost lock). Null when it already ended. The
   * attempts number it returns is the run's fencing token: every later write of the run names it, and only the run
   * that took the job last may write (a run whose lock was lost and that goes on working is fenced off).
   */
  async markActive(id: string, message: string): Promise<OwnedJobStatus | null> {
    return this.transition(
      `update job_record set state = 'active', attempts = attempts + 1, message = ?,
         started_at = coalesce(started_at, now()), updated_at = now()
       where id = ? and state in ('queued', 'active') returning *`,
      [message, id],
    );
  }

  /** Progress of the run holding this attempt; null once the job is no longer active or another run took it. */
  async recordProgress(id: string, attempt: number, progress: { done: number; total: number; message: string }): Promise<OwnedJobStatus | null> {
    const percent = progress.total > 0 ? Math.min(100, Math.floor((progress.done / progress.total) * 100)) : 0;
    return this.transition(
      `update job_record set done = ?, total = ?, percent = ?, message = ?, updated_at = now()
       where id = ? and state = 'active' and attempts = ? returning *`,
      [progress.done, progress.total, percent, progress.message, id, attempt],
    );
  }

  /**
   * Whether this attempt still owns the running job: one primary-key read, checked by long jobs between batches.
   * False once the job was cancelled or another run took it over.
   */
  async isActive(id: string, attempt: number): Promise<boolean> {
    const rows = await this.em.execute<{ state: string; attempts: number }[]>(`select state, attempts from job_record where id = ?`, [id]);
    return rows[0]?.state === 'active' && rows[0].attempts === attempt;
  }

  /**
   * Merges a checkpoint into the result so a retried job resumes where the last attempt stopped. False (nothing
   * saved) when this attempt no longer owns the running job; inside a transaction, the row stays locked until it ends.
   */
  async saveCheckpoint(id: string, attempt: number, checkpoint: Record<string, unknown>): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update job_record set result = coalesce(result, '{}'::jsonb) || ?::jsonb, updated_at = now()
       where id = ? and state = 'active' and attempts = ? returning id`,
      [JSON.stringify(checkpoint), id, attempt],
    );
    return rows.length > 0;
  }

  /**
   * Publishes the result of the run holding this attempt, in one conditional UPDATE: null when the job was cancelled
   * or another run took it over meanwhile (that run, or nobody, publishes).
   */
  async complete(id: string, attempt: number, result: unknown, message: string): Promise<OwnedJobStatus | null> {
    return this.transition(
      `update job_record set state = 'completed', percent = 100, done = total, result = ?::jsonb, message = ?,
         error = null, finished_at = now(), updated_at = now()
       where id = ? and state = 'active' and attempts = ? returning *`,
      [JSON.stringify(result), message, id, attempt],
    );
  }

  /** The last attempt of the run holding it failed; null when another run owns the job now or it already ended. */
  async failAttempt(id: string, attempt: number, error: string): Promise<OwnedJobStatus | null> {
    return this.transition(
      `update job_record set state = 'failed', error = ?, message = ?, finished_at = now(), updated_at = now()
       where id = ? and state = 'active' and attempts = ? returning *`,
      [error, 'Failed', id, attempt],
    );
  }

  /** Fails a job that is not (or no longer) run by anyone: a bad payload, or BullMQ gave it up. */
  async fail(id: string, error: string): Promise<OwnedJobStatus | null> {
    return this.transition(
      `update job_record set state = 'failed', error = ?, message = ?, finished_at = now(), updated_at = now()
       where id = ? and state in ('queued', 'active') returning *`,
      [error, 'Failed', id],
    );
  }

  /** Stops a queued or running job for good; a worker holding it sees that at its next progress report. */
  async cancel(id: string): Promise<OwnedJobStatus | null> {
    return this.transition(
      `update job_record set state = 'cancelled', message = 'Cancelled', finished_at = now(), updated_at = now()
       where id = ? and state in ('queued', 'active') returning *`,
      [id],
    );
  }

  /** A user's own jobs of one kind, newest first. */
  async listByUser(userId: string, name: string, limit: number): Promise<OwnedJobStatus[]> {
    const rows = await this.em.execute<JobRecordRow[]>(`select * from job_record where user_id = ? and name = ? order by created_at desc limit ?`, [userId, name, limit]);
    return rows.map(toStatus);
  }

  /** A user's newest job of one kind whose payload has this value under this key (e.g. an export's session id). */
  async findLatestByPayload(userId: string, name: string, key: string, value: string): Promise<OwnedJobStatus | null> {
    const [row] = await this.em.execute<JobRecordRow[]>(
      `select * from job_record where user_id = ? and name = ? and payload->>? = ? order by created_at desc limit 1`,
      [userId, name, key, value],
    );
    return row ? toStatus(row) : null;
  }

  /** The newest job of one kind for each of these payload values (e.g. the last delivery of each scheduled report). */
  async latestForPayloadValues(name: string, key: string, values: readonly string[]): Promise<Map<string, OwnedJobStatus>> {
    if (!values.length) return new Map();
    // DISTINCT ON must repeat the ORDER BY's expression word for word, so the key is written in, not bound.
    if (!/^[A-Za-z]+$/.test(key)) throw new Error(`Not a payload key: ${key}`);
    const rows = await this.em.execute<(JobRecordRow & { payload_value: string })[]>(
      `select distinct on (payload->>'${key}') payload->>'${key}' as payload_value, * from job_record
       where name = ? and payload->>'${key}' = any(?::text[]) order by payload->>'${key}', created_at desc`,
      [name, quotedArray(values)],
    );
    return new Map(rows.map((row) => [row.payload_value, toStatus(row)]));
  }


  /** Completed jobs of one kind that finished before the cutoff and whose files have not been removed yet. */
  async findFinishedBefore(name: string, cutoff: Date, limit = 500): Promise<OwnedJobStatus[]> {
    const rows = await this.em.execute<JobRecordRow[]>(
      `select * from job_record where name = ? and state in ('completed', 'failed', 'cancelled') and finished_at < ?
         and not coalesce((payload->>'fileRemoved')::boolean, false) order by finished_at limit ?`,
      [name, cutoff, limit],
    );
    return rows.map(toStatus);
  }

  /** Merges facts into the stored payload (e.g. that the job's file was removed). */
  async mergePayload(id: string, patch: Record<string, unknown>): Promise<void> {
    await this.em.execute(`update job_record set payload = payload || ?::jsonb, updated_at = now() where id = ?`, [JSON.stringify(patch), id]);
  }

  /** Jobs still queued or running that have not moved for a while: candidates to queue again after a Redis loss. */
  async findUnfinishedSince(olderThanMs: number, limit = 500, states: readonly ('queued' | 'active')[] = ['queued', 'active']): Promise<{ id: string; name: string; payload: Record<string, unknown> }[]> {
    return this.em.execute(
      `select id, name, payload from job_record
       where state = any(?::text[]) and updated_at < now() - make_interval(secs => ?)
       order by created_at limit ?`,
      [quotedArray(states), olderThanMs / 1000, limit],
    );
  }

  /** An admin retry: a failed or cancelled record goes back to queued so the worker may run it again. */
  async requeue(id: string): Promise<OwnedJobStatus | null> {
    return this.transition(
      `update job_record set state = 'queued', error = null, message = 'Queued again by an admin', finished_at = null, updated_at = now()
       where id = ? and state in ('failed', 'cancelled') returning *`,
      [id],
    );
  }

  /** Who asked for a job: the owner's email when it was a logged-in user. */
  async requesterEmail(userId: string): Promise<string | null> {
    const rows = await this.em.execute<{ email: string }[]>(`select email from app_user where id = ?`, [userId]);
    return rows[0]?.email ?? null;
  }

  private async transition(sql: string, params: unknown[]): Promise<OwnedJobStatus | null> {
    const rows = await this.em.execute<JobRecordRow[]>(sql, params);
    return rows[0] ? toStatus(rows[0]) : null;
  }
}
