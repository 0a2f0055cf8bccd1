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

/**
 * The status as its owner may see it: without the owner ids. Its attempts count the current round: a failed job its
 * owner tried again (retryFailed) starts from attempt 1 again in their eyes, while the record's own count, the runs'
 * fencing token, goes on.
 */
export function withoutOwner(status: OwnedJobStatus): JobStatus {
  const { owner: _owner, payload, ...rest } = status;
  const before = typeof payload.attemptsBefore === 'number' ? payload.attemptsBefore : 0;
  return before ? { ...rest, attempts: Math.max(0, rest.attempts - before) } : rest;
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

  /**
   * Progress of the run holding this attempt; null once the job is no longer active or another run took it.
   *
   * `onDisk: false` commits it without waiting for the disk (like `complete`): committed, so every reader and the
   * event after it see it, but a PostgreSQL crash may lose it, and the record then shows the progress before it
   * until the next one. Worth it for progress, which only tells (docs/decisions.md, "Issue 27 point 4"). Inside a
   * transaction of the caller's the option is ignored: that transaction's commit is not this write's to weaken.
   */
  async recordProgress(id: string, attempt: number, progress: { done: number; total: number; message: string }, options: { onDisk?: boolean } = {}): Promise<OwnedJobStatus | null> {
    const percent = progress.total > 0 ? Math.min(100, Math.floor((progress.done / progress.total) * 100)) : 0;
    return this.transition(
      `update job_record set done = ?, total = ?, percent = ?, message = ?, updated_at = now()
       ${this.commitModeOf(options)}
       where id = ? and state = 'active' and attempts = ? returning job_record.*`,
      [progress.done, progress.total, percent, progress.message, id, attempt],
    );
  }

  /**
   * The FROM clause that makes this one statement's own (implicit) transaction commit without waiting for the disk:
   * set_config(…, true) holds until that transaction ends, one round trip. Empty on the disk, and inside a caller's
   * transaction (whose commit would be weakened with it).
   */
  private commitModeOf(options: { onDisk?: boolean }): string {
    if (options.onDisk !== false || this.em.isInTransaction()) return '';
    return `from (select set_config('synchronous_commit', 'off', true)) as commit_mode`;
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
   *
   * `onDisk: false` commits it without waiting for the disk (synchronous_commit off for this one transaction): the
   * caller then owes a `completionOnDisk` before anyone relies on it for good (docs/decisions.md, issue 27 point 3).
   */
  async complete(id: string, attempt: number, result: unknown, message: string, options: { onDisk?: boolean } = {}): Promise<OwnedJobStatus | null> {
    return this.transition(
      `update job_record set state = 'completed', percent = 100, done = total, result = ?::jsonb, message = ?,
         error = null, finished_at = now(), updated_at = now()
       ${this.commitModeOf(options)}
       where id = ? and state = 'active' and attempts = ? returning job_record.*`,
      [JSON.stringify(result), message, id, attempt],
    );
  }

  /**
   * Waits until a completion committed with `onDisk: false` is on the disk, and says whether it held: a write under
   * synchronous commit to the completed row of this attempt (its commit flushes the log up to itself, so every commit
   * before it too). False when the row is not completed by this attempt: PostgreSQL crashed before the flush and lost it.
   */
  async completionOnDisk(id: string, attempt: number): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update job_record set updated_at = updated_at where id = ? and state = 'completed' and attempts = ? returning id`,
      [id, attempt],
    );
    return rows.length > 0;
  }

  /**
   * Adds a sentence to a failed or cancelled job's error: what its runs left that could not be undone (a Sheets
   * export's spreadsheet), so its owner reads where it is. Null when the job is not (or no longer) ended so.
   */
  async noteLeftBehind(id: string, sentence: string): Promise<OwnedJobStatus | null> {
    return this.transition(
      `update job_record set error = concat_ws(' ', error, ?::text), updated_at = now() where id = ? and state in ('failed', 'cancelled') returning *`,
      [sentence, id],
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

  /**
   * Stops a queued or running job for good; a worker holding it sees that at its next progress report. With
   * unlessCheckpoint, a job whose checkpoint holds that key is past cancelling (an import's deletion that committed
   * it): the run writes the key with the record locked until its COMMIT, so a cancel waiting on it finds it and refuses.
   */
  async cancel(id: string, unlessCheckpoint?: string): Promise<OwnedJobStatus | null> {
    return this.transition(
      `update job_record set state = 'cancelled', message = 'Cancelled', finished_at = now(), updated_at = now()
       where id = ? and state in ('queued', 'active') and (?::text is null or coalesce(result, '{}'::jsonb) -> ?::text is null) returning *`,
      [id, unlessCheckpoint ?? null, unlessCheckpoint ?? null],
    );
  }

  /**
   * A page of a user's jobs of these kinds, newest first, from before the cursor (createdAt to the millisecond, as the
   * cursor carries it, then id). The payload comes without the large lists a project import carries (its terms or
   * rows), replaced by their count, `itemCount`, and with the name of the project it goes into, `projectName`.
   */
  async pageByUser(userId: string, names: readonly string[], limit: number, before?: { createdAt: string; id: string }): Promise<OwnedJobStatus[]> {
    const at = `date_trunc('milliseconds', j.created_at)`;
    const rows = await this.em.execute<JobRecordRow[]>(
      `select j.id, j.queue, j.name, j.session_id, j.user_id, j.state, j.percent, j.message, j.done, j.total, j.attempts, j.error,
         j.created_at, j.started_at, j.finished_at,
         case when j.name like 'project-import.%' then null else j.result end as result,
         (j.payload - 'terms' - 'rows') || jsonb_strip_nulls(jsonb_build_object(
           'itemCount', coalesce(case when jsonb_typeof(j.payload->'terms') = 'array' then jsonb_array_length(j.payload->'terms') end,
                                 case when jsonb_typeof(j.payload->'rows') = 'array' then jsonb_array_length(j.payload->'rows') end),
           'projectName', p.name)) as payload
       from job_record j
       left join project p on j.name like 'project-import.%' and p.id::text = j.payload->>'projectId'
       where j.user_id = ? and j.name = any(?::text[]) and (?::timestamptz is null or (${at}, j.id) < (?::timestamptz, ?::uuid))
       order by ${at} desc, j.id desc limit ?`,
      [userId, quotedArray(names), before?.createdAt ?? null, before?.createdAt ?? null, before?.id ?? null, limit],
    );
    return rows.map(toStatus);
  }

  /** How many of the user's jobs of these names are waiting or running (the job center's header count). */
  async countUnfinishedByUser(userId: string, names: readonly string[]): Promise<number> {
    const [row] = await this.em.execute<{ count: string }[]>(
      `select count(*) as count from job_record where user_id = ? and name = any(?::text[]) and state in ('queued', 'active')`,
      [userId, quotedArray(names)],
    );
    return Number(row?.count ?? 0);
  }

  /**
   * The owner tries a failed job again: the same record goes back in line. Its attempts go on (the runs' fencing
   * token); attemptsBefore remembers where this round started, so the owner sees attempt 1 of n again.
   */
  async retryFailed(id: string): Promise<OwnedJobStatus | null> {
    return this.transition(
      `update job_record set state = 'queued', error = null, message = 'Waiting for a worker…', percent = 0, done = 0, finished_at = null,
         payload = payload || jsonb_build_object('attemptsBefore', attempts), updated_at = now()
       where id = ? and state = 'failed' returning *`,
      [id],
    );
  }

  /**
   * An attempt failed and the queue will run the job again: the record keeps running and says why (issue 21, "retrying,
   * attempt n of m and why"). Fenced like progress; null when this run no longer owns the job.
   */
  async noteRetry(id: string, attempt: number, error: string, message: string): Promise<OwnedJobStatus | null> {
    return this.transition(
      `update job_record set error = ?, message = ?, updated_at = now() where id = ? and state = 'active' and attempts = ? returning *`,
      [error, message, id, attempt],
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

  /**
   * One user's jobs of one kind with this payload value, newest first (a scheduled report's delivery history). The
   * key is written in, so the partial index on the report jobs' scheduleId serves it.
   */
  async listForPayloadValue(userId: string, name: string, key: string, value: string, limit: number): Promise<OwnedJobStatus[]> {
    if (!/^[A-Za-z]+$/.test(key)) throw new Error(`Not a payload key: ${key}`);
    const rows = await this.em.execute<JobRecordRow[]>(
      `select * from job_record where name = ? and payload->>'${key}' = ? and user_id = ? order by created_at desc, id desc limit ?`,
      [name, value, userId, limit],
    );
    return rows.map(toStatus);
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


  /** How many jobs of a queue were queued before this moment and still wait (a queued job's place in line). */
  async queuedBefore(queue: string, createdAt: string): Promise<number> {
    const [row] = await this.em.execute<{ ahead: number }[]>(
      `select count(*)::int as ahead from job_record where state = 'queued' and queue = ? and created_at < ?`, [queue, createdAt]);
    return row?.ahead ?? 0;
  }

  /** The jobs still waiting in a queue, oldest first (whose owners hear that it was paused or resumed). */
  async queuedIn(queue: string, limit: number): Promise<OwnedJobStatus[]> {
    const rows = await this.em.execute<JobRecordRow[]>(`select * from job_record where state = 'queued' and queue = ? order by created_at limit ?`, [queue, limit]);
    return rows.map(toStatus);
  }

  /** Completed jobs of one kind that finished before the cutoff and whose files have not been removed yet. */
  async findFinishedBefore(name: string, cutoff: Date, limit = 500, mailedCutoff: Date = cutoff, now: Date = new Date()): Promise<OwnedJobStatus[]> {
    // A job that e-mailed a link to its file (a report's payload.emailTo) keeps the file until mailedCutoff; a report
    // with a share link still working at `now` (issue 22 point 5; a report e-mail makes one) keeps it until the link
    // expires or is revoked. `now` is the sweep's clock, the same one its cutoffs were taken from.
    const rows = await this.em.execute<JobRecordRow[]>(
      `select * from job_record where name = ? and state in ('completed', 'failed', 'cancelled') and finished_at < ?
         and not coalesce((payload->>'fileRemoved')::boolean, false)
         and (coalesce(jsonb_array_length(case when jsonb_typeof(payload->'emailTo') = 'array' then payload->'emailTo' end), 0) = 0 or finished_at < ?)
         and not exists (select 1 from report_share_link l where l.job_id = job_record.id and l.revoked_at is null and l.expires_at > ?)
         order by finished_at limit ?`,
      [name, cutoff, mailedCutoff, now, limit],
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
