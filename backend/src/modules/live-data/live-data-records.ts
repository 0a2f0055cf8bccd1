import { liveDataJob, type LiveDataSubject } from '@serpwise/contracts';
import type { Sql } from '@serpwise/research';

/**
 * What the live-data calls read (issue 20): a subject's presence in the warehouse (viewer-scoped, as every research
 * read) and the fetch jobs' records. A completed fetch job is the subject's provenance (who fetched what, when, at
 * what cost); the monthly quota counts the account's fetches that did not fail or were not cancelled.
 */
export class LiveDataRecords {
  constructor(private readonly warehouse: Sql, private readonly jobs: Sql) {}

  /** Whether the warehouse has the subject, and its newest month (a domain's; null for a keyword). */
  async presence(subject: LiveDataSubject): Promise<{ inWarehouse: boolean; newestMonth: string | null }> {
    if (subject.kind === 'domain') {
      const [row] = await this.warehouse.query<{ newest: string | null }>(
        `select to_char(max(m.month), 'YYYY-MM-DD') as newest from domain d join domain_month m on m.domain_id = d.id and m.territory = ? where d.name = ?`,
        [subject.territory, subject.subject]);
      return { inWarehouse: Boolean(row?.newest), newestMonth: row?.newest ?? null };
    }
    // A keyword counts as known once a source gave its volume (a keyword a SERP page alone brought has none).
    const [row] = await this.warehouse.query<{ known: boolean }>(`select volume is not null as known from keyword where territory = ? and term = ?`, [subject.territory, subject.subject]);
    return { inWarehouse: row?.known === true, newestMonth: null };
  }

  async lastFetch(subject: LiveDataSubject): Promise<{ jobId: string; provider: string | null; fetchedOn: string; cost: number | null } | null> {
    const [row] = await this.jobs.query<{ id: string; provider: string | null; fetched_on: string; cost: string | null }>(
      `select id, result->>'provider' as provider, coalesce(result->>'fetchedOn', to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD')) as fetched_on, result->>'cost' as cost
       from job_record where name = ? and state = 'completed' and payload->>'kind' = ? and payload->>'subject' = ? and payload->>'territory' = ?
       order by updated_at desc limit 1`,
      [liveDataJob.name, subject.kind, subject.subject, subject.territory]);
    return row ? { jobId: row.id, provider: row.provider, fetchedOn: row.fetched_on, cost: row.cost === null ? null : Number(row.cost) } : null;
  }

  /**
   * Whether the newest fetch of the subject (anyone's) failed or was cancelled (in the job center): what it landed is
   * partial, so it is offered again.
   */
  async lastFailed(subject: LiveDataSubject): Promise<boolean> {
    const [row] = await this.jobs.query<{ state: string }>(
      `select state from job_record where name = ? and payload->>'subject' = ? and payload->>'territory' = ? and payload->>'kind' = ?
       order by updated_at desc limit 1`,
      [liveDataJob.name, subject.subject, subject.territory, subject.kind]);
    return row?.state === 'failed' || row?.state === 'cancelled';
  }

  /** The viewer's own fetch of the subject that is queued or running (its events reach them only). */
  async running(subject: LiveDataSubject, userId: string): Promise<string | null> {
    const [row] = await this.jobs.query<{ id: string }>(
      `select id from job_record where name = ? and user_id = ? and state in ('queued', 'active')
         and payload->>'kind' = ? and payload->>'subject' = ? and payload->>'territory' = ? order by created_at desc limit 1`,
      [liveDataJob.name, userId, subject.kind, subject.subject, subject.territory]);
    return row?.id ?? null;
  }

  /** The account's fetches this calendar month (UTC), failed and cancelled ones not counted. */
  async usedThisMonth(userId: string): Promise<number> {
    const [row] = await this.jobs.query<{ n: number }>(
      `select count(*)::int as n from job_record where name = ? and user_id = ? and state not in ('failed', 'cancelled')
         and created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`,
      [liveDataJob.name, userId]);
    return row?.n ?? 0;
  }
}
