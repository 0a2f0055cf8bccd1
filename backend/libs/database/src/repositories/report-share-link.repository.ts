import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

/** A report's share link as its owner sees it (never the token: only its hash is kept). */
export interface ReportShareLinkRecord {
  id: string;
  jobId: string;
  ownerUserId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  lastOpenedAt: Date | null;
  openCount: number;
}

interface ReportShareLinkRow {
  id: string;
  job_id: string;
  owner_user_id: string;
  /** Raw execute() answers timestamps as text. */
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  last_opened_at: Date | string | null;
  open_count: number;
}

const dateOf = (value: Date | string) => new Date(value);

const toRecord = (row: ReportShareLinkRow): ReportShareLinkRecord => ({
  id: row.id,
  jobId: row.job_id,
  ownerUserId: row.owner_user_id,
  createdAt: dateOf(row.created_at),
  expiresAt: dateOf(row.expires_at),
  revokedAt: row.revoked_at === null ? null : dateOf(row.revoked_at),
  lastOpenedAt: row.last_opened_at === null ? null : dateOf(row.last_opened_at),
  openCount: row.open_count,
});

const columns = 'id, job_id, owner_user_id, created_at, expires_at, revoked_at, last_opened_at, open_count';

const isUuid = (text: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);

/** The share links of generated reports (issue 22 point 5), found by their token's hash or by their owner. */
export class ReportShareLinkRepository {
  constructor(private readonly em: EntityManager) {}

  async create(input: { jobId: string; ownerUserId: string; tokenHash: string; expiresAt: Date }): Promise<ReportShareLinkRecord> {
    const rows = await this.em.execute<ReportShareLinkRow[]>(
      `insert into report_share_link (id, job_id, owner_user_id, token_hash, expires_at, created_at) values (?, ?, ?, ?, ?, now()) returning ${columns}`,
      [randomUUID(), input.jobId, input.ownerUserId, input.tokenHash, input.expiresAt],
    );
    return toRecord(rows[0]!);
  }

  /** A report's links, newest first. */
  async listForJob(ownerUserId: string, jobId: string): Promise<ReportShareLinkRecord[]> {
    const rows = await this.em.execute<ReportShareLinkRow[]>(
      `select ${columns} from report_share_link where owner_user_id = ? and job_id = ? order by created_at desc, id`,
      [ownerUserId, jobId],
    );
    return rows.map(toRecord);
  }

  /** Turns a link off (once: a second revoke keeps the first time). Null when it is not the owner's link. */
  async revoke(ownerUserId: string, id: string): Promise<ReportShareLinkRecord | null> {
    if (!isUuid(id)) return null;
    const rows = await this.em.execute<ReportShareLinkRow[]>(
      `update report_share_link set revoked_at = coalesce(revoked_at, now()) where owner_user_id = ? and id = ? returning ${columns}`,
      [ownerUserId, id],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async findByTokenHash(tokenHash: string): Promise<ReportShareLinkRecord | null> {
    const rows = await this.em.execute<ReportShareLinkRow[]>(`select ${columns} from report_share_link where token_hash = ?`, [tokenHash]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Counts one opening of a link. */
  async noteOpened(id: string): Promise<void> {
    await this.em.execute(`update report_share_link set open_count = open_count + 1, last_opened_at = now() where id = ?`, [id]);
  }
}
