import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { OwnerScopedRepository } from './owner-scoped.repository.js';
import { quotedArray } from './sql-arrays.js';

export interface ReconReportRecord {
  id: string;
  ownerUserId: string;
  kind: 'seo' | 'ppc';
  name: string;
  primaryDomain: string;
  territory: string;
  keywords: string[];
  competitors: string[];
  createdAt: Date;
  updatedAt: Date;
}

export interface ReconReportFields {
  kind: 'seo' | 'ppc';
  name: string;
  primaryDomain: string;
  territory: string;
  keywords: readonly string[];
  competitors: readonly string[];
}

interface Row {
  id: string;
  owner_user_id: string;
  kind: string;
  name: string;
  primary_domain: string;
  territory: string;
  keywords: string[] | null;
  competitors: string[] | null;
  created_at: Date;
  updated_at: Date;
}

const toRecord = (row: Row): ReconReportRecord => ({
  id: row.id,
  ownerUserId: row.owner_user_id,
  kind: row.kind === 'ppc' ? 'ppc' : 'seo',
  name: row.name,
  primaryDomain: row.primary_domain,
  territory: row.territory,
  keywords: row.keywords ?? [],
  competitors: row.competitors ?? [],
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** Recon reports of an account owner. Every read and write names the owner: another account's report is not found. */
export class ReconReportRepository extends OwnerScopedRepository<Row, ReconReportRecord> {
  constructor(em: EntityManager) {
    super(em, { name: 'recon_report', ownerColumn: 'owner_user_id', order: 'created_at desc, id' }, toRecord);
  }

  async create(ownerUserId: string, fields: ReconReportFields): Promise<ReconReportRecord> {
    const rows = await this.em.execute<Row[]>(
      `insert into recon_report (id, owner_user_id, kind, name, primary_domain, territory, keywords, competitors, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?::text[], ?::text[], now(), now()) returning *`,
      [randomUUID(), ownerUserId, fields.kind, fields.name, fields.primaryDomain, fields.territory, quotedArray(fields.keywords), quotedArray(fields.competitors)],
    );
    return toRecord(rows[0]!);
  }

  async update(ownerUserId: string, id: string, fields: ReconReportFields): Promise<ReconReportRecord | null> {
    const rows = await this.em.execute<Row[]>(
      `update recon_report set kind = ?, name = ?, primary_domain = ?, territory = ?, keywords = ?::text[], competitors = ?::text[], updated_at = now()
       where owner_user_id = ? and id = ? returning *`,
      [fields.kind, fields.name, fields.primaryDomain, fields.territory, quotedArray(fields.keywords), quotedArray(fields.competitors), ownerUserId, id],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async delete(ownerUserId: string, id: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>('delete from recon_report where owner_user_id = ? and id = ? returning id', [ownerUserId, id]);
    return rows.length > 0;
  }

  /** Keywords tracked by the owner's recon reports (the keyword count's "Keyword Recon Reports" part). */
  async keywordCount(ownerUserId: string): Promise<number> {
    const rows = await this.em.execute<{ n: string | null }[]>('select coalesce(sum(cardinality(keywords)), 0) as n from recon_report where owner_user_id = ?', [ownerUserId]);
    return Number(rows[0]?.n ?? 0);
  }
}
