import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

export interface ScheduledReportRecord {
  id: string;
  userId: string;
  frequency: 'WEEKLY' | 'MONTHLY';
  options: Record<string, unknown>;
  recipients: string[];
  sendToSelf: boolean;
  isActive: boolean;
  projectAlertId: string | null;
  createdAt: string;
}

interface ScheduledReportRow {
  id: string;
  user_id: string;
  frequency: 'WEEKLY' | 'MONTHLY';
  options: Record<string, unknown>;
  recipients: string[];
  send_to_self: boolean;
  is_active: boolean;
  project_alert_id: string | null;
  created_at: Date;
}

const toRecord = (row: ScheduledReportRow): ScheduledReportRecord => ({
  id: row.id,
  userId: row.user_id,
  frequency: row.frequency,
  options: row.options,
  recipients: row.recipients,
  sendToSelf: row.send_to_self,
  isActive: row.is_active,
  projectAlertId: row.project_alert_id,
  createdAt: new Date(row.created_at).toISOString(),
});

export type NewScheduledReport = Omit<ScheduledReportRecord, 'id' | 'createdAt'>;
export type ScheduledReportChanges = Partial<Pick<ScheduledReportRecord, 'frequency' | 'options' | 'recipients' | 'sendToSelf' | 'isActive'>>;

/** Scheduled reports; every query that a user can reach is scoped to that user. */
export class ScheduledReportRepository {
  constructor(private readonly em: EntityManager) {}

  async listForUser(userId: string): Promise<ScheduledReportRecord[]> {
    const rows = await this.em.execute<ScheduledReportRow[]>('select * from scheduled_report where user_id = ? order by created_at, id', [userId]);
    return rows.map(toRecord);
  }

  async findForUser(userId: string, id: string): Promise<ScheduledReportRecord | null> {
    const [row] = await this.em.execute<ScheduledReportRow[]>('select * from scheduled_report where id = ? and user_id = ?', [id, userId]);
    return row ? toRecord(row) : null;
  }

  /** For the worker, which acts for whoever owns the schedule that fired. */
  async findById(id: string): Promise<ScheduledReportRecord | null> {
    const [row] = await this.em.execute<ScheduledReportRow[]>('select * from scheduled_report where id = ?', [id]);
    return row ? toRecord(row) : null;
  }

  async listActive(): Promise<ScheduledReportRecord[]> {
    const rows = await this.em.execute<ScheduledReportRow[]>('select * from scheduled_report where is_active order by created_at, id');
    return rows.map(toRecord);
  }

  async create(input: NewScheduledReport): Promise<ScheduledReportRecord> {
    const [row] = await this.em.execute<ScheduledReportRow[]>(
      `insert into scheduled_report (id, user_id, frequency, options, recipients, send_to_self, is_active, project_alert_id, created_at, updated_at)
       values (?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, now(), now()) returning *`,
      [randomUUID(), input.userId, input.frequency, JSON.stringify(input.options), JSON.stringify(input.recipients), input.sendToSelf, input.isActive, input.projectAlertId],
    );
    return toRecord(row!);
  }

  /** Changes a report of this user; null when it is not theirs (or does not exist). */
  async update(userId: string, id: string, changes: ScheduledReportChanges): Promise<ScheduledReportRecord | null> {
    const [row] = await this.em.execute<ScheduledReportRow[]>(
      `update scheduled_report set
         frequency = coalesce(?, frequency),
         options = coalesce(?::jsonb, options),
         recipients = coalesce(?::jsonb, recipients),
         send_to_self = coalesce(?, send_to_self),
         is_active = coalesce(?, is_active),
         updated_at = now()
       where id = ? and user_id = ? returning *`,
      [
        changes.frequency ?? null,
        changes.options ? JSON.stringify(changes.options) : null,
        changes.recipients ? JSON.stringify(changes.recipients) : null,
        changes.sendToSelf ?? null,
        changes.isActive ?? null,
        id,
        userId,
      ],
    );
    return row ? toRecord(row) : null;
  }

  async delete(userId: string, id: string): Promise<ScheduledReportRecord | null> {
    const [row] = await this.em.execute<ScheduledReportRow[]>('delete from scheduled_report where id = ? and user_id = ? returning *', [id, userId]);
    return row ? toRecord(row) : null;
  }
}
