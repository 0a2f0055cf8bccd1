import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { OwnerScopedRepository } from './owner-scoped.repository.js';

export interface ScheduledReportRecord {
  id: string;
  userId: string;
  frequency: 'WEEKLY' | 'MONTHLY';
  options: Record<string, unknown>;
  recipients: string[];
  sendToSelf: boolean;
  isActive: boolean;
  projectAlertId: string | null;
  /** When it goes out (issue 22): the day of the week (WEEKLY) or month (MONTHLY), HH:MM in the IANA time zone. */
  dayOfWeek: number;
  dayOfMonth: number;
  time: string;
  timeZone: string;
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
  day_of_week: number;
  day_of_month: number;
  send_time: string;
  time_zone: string;
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
  dayOfWeek: row.day_of_week,
  dayOfMonth: row.day_of_month,
  time: row.send_time,
  timeZone: row.time_zone,
  createdAt: new Date(row.created_at).toISOString(),
});

export type NewScheduledReport = Omit<ScheduledReportRecord, 'id' | 'createdAt'>;
export type ScheduledReportChanges = Partial<Pick<ScheduledReportRecord, 'frequency' | 'options' | 'recipients' | 'sendToSelf' | 'isActive' | 'dayOfWeek' | 'dayOfMonth' | 'time' | 'timeZone'>>;

/** Scheduled reports; every query that a user can reach is scoped to that user. */
export class ScheduledReportRepository extends OwnerScopedRepository<ScheduledReportRow, ScheduledReportRecord> {
  constructor(em: EntityManager) {
    super(em, { name: 'scheduled_report', ownerColumn: 'user_id', order: 'created_at, id' }, toRecord);
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
      `insert into scheduled_report (id, user_id, frequency, options, recipients, send_to_self, is_active, project_alert_id, day_of_week, day_of_month, send_time, time_zone, created_at, updated_at)
       values (?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, now(), now()) returning *`,
      [
        randomUUID(), input.userId, input.frequency, JSON.stringify(input.options), JSON.stringify(input.recipients), input.sendToSelf, input.isActive, input.projectAlertId,
        input.dayOfWeek, input.dayOfMonth, input.time, input.timeZone,
      ],
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
         day_of_week = coalesce(?, day_of_week),
         day_of_month = coalesce(?, day_of_month),
         send_time = coalesce(?, send_time),
         time_zone = coalesce(?, time_zone),
         updated_at = now()
       where id = ? and user_id = ? returning *`,
      [
        changes.frequency ?? null,
        changes.options ? JSON.stringify(changes.options) : null,
        changes.recipients ? JSON.stringify(changes.recipients) : null,
        changes.sendToSelf ?? null,
        changes.isActive ?? null,
        changes.dayOfWeek ?? null,
        changes.dayOfMonth ?? null,
        changes.time ?? null,
        changes.timeZone ?? null,
        id,
        userId,
      ],
    );
    return row ? toRecord(row) : null;
  }

  /**
   * Stops one address of a schedule (its recipient unsubscribed): the address leaves the recipients, nothing else
   * changes. Answers the schedule as it is now, or null when it no longer exists.
   */
  async removeRecipient(id: string, email: string): Promise<ScheduledReportRecord | null> {
    const [row] = await this.em.execute<ScheduledReportRow[]>(
      `update scheduled_report set recipients = coalesce((select jsonb_agg(value) from jsonb_array_elements_text(recipients) value where lower(value) <> lower(?)), '[]'::jsonb),
         updated_at = case when recipients @> to_jsonb(array[?::text]) then now() else updated_at end
       where id = ? returning *`,
      [email, email, id],
    );
    return row ? toRecord(row) : null;
  }

  async delete(userId: string, id: string): Promise<ScheduledReportRecord | null> {
    const [row] = await this.em.execute<ScheduledReportRow[]>('delete from scheduled_report where id = ? and user_id = ? returning *', [id, userId]);
    return row ? toRecord(row) : null;
  }
}
