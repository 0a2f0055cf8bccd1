import type { EntityManager } from '@mikro-orm/postgresql';

/** One change a rank alert reported (rank_alert_event), as its history shows it. */
export interface RankAlertEventRecord {
  id: string;
  alertId: string;
  projectId: string;
  term: string;
  rule: Record<string, unknown>;
  previousPosition: number | null;
  position: number | null;
  competitor: string | null;
  message: string;
  emailState: string;
  webhookState: string;
  error: string | null;
  createdAt: string;
}

interface RankAlertEventRow {
  id: string;
  alert_id: string;
  project_id: string;
  term: string;
  rule: Record<string, unknown>;
  previous_position: number | null;
  position: number | null;
  competitor: string | null;
  message: string;
  email_state: string;
  webhook_state: string;
  error: string | null;
  created_at: Date;
}

/** Rank alert history (issue 22 point 6); every read is scoped to the account owner. */
export class RankAlertEventRepository {
  constructor(private readonly em: EntityManager) {}

  /** An alert's changes, newest first; none when the alert is not this owner's. */
  async listForAlert(ownerUserId: string, alertId: string, limit: number): Promise<RankAlertEventRecord[]> {
    const rows = await this.em.execute<RankAlertEventRow[]>(
      `select * from rank_alert_event where alert_id = ? and owner_user_id = ? order by created_at desc, term, rule_key limit ?`,
      [alertId, ownerUserId, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      alertId: row.alert_id,
      projectId: row.project_id,
      term: row.term,
      rule: row.rule,
      previousPosition: row.previous_position,
      position: row.position,
      competitor: row.competitor,
      message: row.message,
      emailState: row.email_state,
      webhookState: row.webhook_state,
      error: row.error,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }
}
