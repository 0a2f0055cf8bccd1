import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminAuditEntry, AdminAuditListEntry, AdminAuditQuery } from '@serpwise/contracts';
import { randomUUID } from 'node:crypto';
import { SqlFilter } from './sql-filter.js';

export interface NewAdminAuditEntry {
  userId: string;
  sessionId: string;
  action: string;
  queue: string | null;
  jobId: string | null;
  detail?: Record<string, unknown> | null;
}

interface Row {
  id: string;
  user_id: string;
  action: string;
  queue: string | null;
  job_id: string | null;
  detail: Record<string, unknown> | null;
  created_at: Date;
}

const toEntry = (row: Row): AdminAuditEntry => ({
  id: row.id,
  userId: row.user_id,
  action: row.action,
  queue: row.queue,
  jobId: row.job_id,
  detail: row.detail,
  createdAt: new Date(row.created_at).toISOString(),
});

/** The admin audit log: append-only, one row per admin action. */
export class AdminAuditLogRepository {
  constructor(private readonly em: EntityManager) {}

  async add(entry: NewAdminAuditEntry): Promise<void> {
    await this.em.execute(
      `insert into admin_audit_log (id, user_id, session_id, action, queue, job_id, detail, created_at) values (?, ?, ?, ?, ?, ?, ?::jsonb, now())`,
      [randomUUID(), entry.userId, entry.sessionId, entry.action, entry.queue, entry.jobId, entry.detail ? JSON.stringify(entry.detail) : null],
    );
  }

  async forJob(jobId: string): Promise<AdminAuditEntry[]> {
    const rows = await this.em.execute<Row[]>(`select * from admin_audit_log where job_id = ? order by created_at`, [jobId]);
    return rows.map(toEntry);
  }

  async latest(limit: number): Promise<AdminAuditEntry[]> {
    const rows = await this.em.execute<Row[]>(`select * from admin_audit_log order by created_at desc limit ?`, [limit]);
    return rows.map(toEntry);
  }
}

/** The audit log's filters as SQL: each one given narrows the rows (issue 23 point 4). */
const auditFilter = (query: AdminAuditQuery) =>
  new SqlFilter().equal(query, { admin: 'log.user_id', action: 'log.action', queue: 'log.queue', job: 'log.job_id' }).between('log.created_at', query.from, query.to);

/** The audit log as the admin page reads it: filtered, newest first, one page at a time, with each admin's e-mail. */
export class AdminAuditLogSearch {
  constructor(private readonly em: EntityManager) {}

  async page(query: AdminAuditQuery): Promise<{ entries: AdminAuditListEntry[]; total: number }> {
    const { where, params } = auditFilter(query);
    const [rows, counted] = await Promise.all([
      this.em.execute<(Row & { email: string | null })[]>(
        `select log.*, app_user.email from admin_audit_log log left join app_user on app_user.id = log.user_id ${where}
         order by log.created_at desc, log.id desc limit ? offset ?`,
        [...params, query.pageSize, query.startRow - 1],
      ),
      this.em.execute<{ count: string }[]>(`select count(*) as count from admin_audit_log log ${where}`, params),
    ]);
    return { entries: rows.map((row) => ({ ...toEntry(row), adminEmail: row.email })), total: Number(counted[0]?.count ?? 0) };
  }

  /** Every admin and action the log holds, for the filters' choices. */
  async choices(): Promise<{ admins: { userId: string; email: string | null }[]; actions: string[]; queues: string[] }> {
    const [admins, actions, queues] = await Promise.all([
      this.em.execute<{ user_id: string; email: string | null }[]>(
        `select distinct log.user_id, app_user.email from admin_audit_log log left join app_user on app_user.id = log.user_id order by app_user.email`,
      ),
      this.em.execute<{ action: string }[]>(`select distinct action from admin_audit_log order by action`),
      this.em.execute<{ queue: string }[]>(`select distinct queue from admin_audit_log where queue is not null order by queue`),
    ]);
    return {
      admins: admins.map((row) => ({ userId: row.user_id, email: row.email })),
      actions: actions.map((row) => row.action),
      queues: queues.map((row) => row.queue),
    };
  }
}
