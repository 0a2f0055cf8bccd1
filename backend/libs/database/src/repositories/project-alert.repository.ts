import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { OwnerScopedRepository } from './owner-scoped.repository.js';

export interface ProjectAlertRecord {
  id: string;
  ownerUserId: string;
  projectId: string;
  name: string;
  alertTypeId: number;
  isActive: boolean;
  sourceUrl: string | null;
  recipients: { emailAddress: string; isActive: boolean }[];
  /** The rank changes it watches (contracts' RankAlertRule), and its Slack-compatible webhook (issue 22). */
  rules: Record<string, unknown>[];
  webhookUrl: string | null;
}

interface ProjectAlertRow {
  id: string;
  owner_user_id: string;
  project_id: string;
  name: string;
  alert_type_id: number;
  is_active: boolean;
  source_url: string | null;
  recipients: { emailAddress: string; isActive: boolean }[];
  rules: Record<string, unknown>[];
  webhook_url: string | null;
}

const toRecord = (row: ProjectAlertRow): ProjectAlertRecord => ({
  id: row.id,
  ownerUserId: row.owner_user_id,
  projectId: row.project_id,
  name: row.name,
  alertTypeId: row.alert_type_id,
  isActive: row.is_active,
  sourceUrl: row.source_url,
  recipients: row.recipients,
  rules: row.rules ?? [],
  webhookUrl: row.webhook_url,
});

/** An alert to save; rules and webhookUrl left undefined keep what an existing alert has. */
export type ProjectAlertInput = Omit<ProjectAlertRecord, 'id' | 'rules' | 'webhookUrl'> & { rules?: Record<string, unknown>[]; webhookUrl?: string | null };

/** Project alerts of an account owner; every query is scoped to the owner. */
export class ProjectAlertRepository extends OwnerScopedRepository<ProjectAlertRow, ProjectAlertRecord> {
  constructor(em: EntityManager) {
    super(em, { name: 'project_alert', ownerColumn: 'owner_user_id', order: 'created_at, id' }, toRecord);
  }

  async create(input: ProjectAlertInput): Promise<ProjectAlertRecord> {
    const rows = await this.em.execute<ProjectAlertRow[]>(
      `insert into project_alert (id, owner_user_id, project_id, name, alert_type_id, is_active, source_url, recipients, rules, webhook_url, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, now(), now()) returning *`,
      [randomUUID(), input.ownerUserId, input.projectId, input.name, input.alertTypeId, input.isActive, input.sourceUrl, JSON.stringify(input.recipients), JSON.stringify(input.rules ?? []), input.webhookUrl ?? null],
    );
    return toRecord(rows[0]!);
  }

  /** Changes an alert of this owner; null when it is not theirs (or does not exist). */
  async update(id: string, input: ProjectAlertInput): Promise<ProjectAlertRecord | null> {
    const rows = await this.em.execute<ProjectAlertRow[]>(
      `update project_alert set project_id = ?, name = ?, alert_type_id = ?, is_active = ?, source_url = ?, recipients = ?::jsonb,
         rules = coalesce(?::jsonb, rules), webhook_url = case when ? then ? else webhook_url end, updated_at = now()
       where id = ? and owner_user_id = ? returning *`,
      [
        input.projectId, input.name, input.alertTypeId, input.isActive, input.sourceUrl, JSON.stringify(input.recipients),
        input.rules ? JSON.stringify(input.rules) : null, input.webhookUrl !== undefined, input.webhookUrl ?? null,
        id, input.ownerUserId,
      ],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async delete(ownerUserId: string, id: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>('delete from project_alert where id = ? and owner_user_id = ? returning id', [id, ownerUserId]);
    return rows.length === 1;
  }
}
