import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminAuditEntry } from '@serpwise/contracts';
import { randomUUID } from 'node:crypto';

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
