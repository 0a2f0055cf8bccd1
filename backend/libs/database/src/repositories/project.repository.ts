import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

export interface ProjectRecord {
  id: string;
  ownerUserId: string;
  name: string;
  domain: string;
  territory: string;
  createdAt: Date;
  updatedAt: Date;
}

interface ProjectRow {
  id: string;
  owner_user_id: string;
  name: string;
  domain: string;
  territory: string;
  created_at: Date;
  updated_at: Date;
}

const toRecord = (row: ProjectRow): ProjectRecord => ({
  id: row.id,
  ownerUserId: row.owner_user_id,
  name: row.name,
  domain: row.domain,
  territory: row.territory,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** Projects of an account owner (the minimal table of issue 3; the project area extends it). */
export class ProjectRepository {
  constructor(private readonly em: EntityManager) {}

  async create(input: { ownerUserId: string; name: string; domain: string; territory: string }): Promise<ProjectRecord> {
    const rows = await this.em.execute<ProjectRow[]>(
      `insert into project (id, owner_user_id, name, domain, territory, created_at, updated_at)
       values (?, ?, ?, ?, ?, now(), now()) returning *`,
      [randomUUID(), input.ownerUserId, input.name, input.domain, input.territory],
    );
    return toRecord(rows[0]!);
  }

  async listForOwner(ownerUserId: string): Promise<ProjectRecord[]> {
    const rows = await this.em.execute<ProjectRow[]>('select * from project where owner_user_id = ? order by created_at, id', [ownerUserId]);
    return rows.map(toRecord);
  }

  /** The owner's project, or null when it does not exist or belongs to someone else. */
  async findForOwner(ownerUserId: string, id: string): Promise<ProjectRecord | null> {
    const rows = await this.em.execute<ProjectRow[]>('select * from project where id = ? and owner_user_id = ?', [id, ownerUserId]);
    return rows[0] ? toRecord(rows[0]) : null;
  }
}
