import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { OwnerScopedRepository } from './owner-scoped.repository.js';

export interface ProjectRecord {
  id: string;
  ownerUserId: string;
  name: string;
  domain: string;
  territory: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A project with the counts the panel lists. */
export interface ProjectSummaryRecord extends ProjectRecord {
  keywordCount: number;
  groupCount: number;
  linkCount: number;
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

/**
 * Projects of an account owner. Every read and write names the owner, so a project of another account is simply
 * not found. Deleting a project removes its keywords, groups, labels, imports and outreach records (foreign keys
 * cascade) and its alerts.
 */
export class ProjectRepository extends OwnerScopedRepository<ProjectRow, ProjectRecord> {
  constructor(em: EntityManager) {
    super(em, { name: 'project', ownerColumn: 'owner_user_id', order: 'created_at, id' }, toRecord);
  }

  async create(input: { ownerUserId: string; name: string; domain: string; territory: string }): Promise<ProjectRecord> {
    const rows = await this.em.execute<ProjectRow[]>(
      `insert into project (id, owner_user_id, name, domain, territory, created_at, updated_at)
       values (?, ?, ?, ?, ?, now(), now()) returning *`,
      [randomUUID(), input.ownerUserId, input.name, input.domain, input.territory],
    );
    return toRecord(rows[0]!);
  }

  async countForOwner(ownerUserId: string): Promise<number> {
    const rows = await this.em.execute<{ n: string }[]>('select count(*) as n from project where owner_user_id = ?', [ownerUserId]);
    return Number(rows[0]?.n ?? 0);
  }

  /** The owner's projects with their keyword, group and link counts, oldest first. */
  async summariesForOwner(ownerUserId: string): Promise<ProjectSummaryRecord[]> {
    const rows = await this.em.execute<(ProjectRow & { keyword_count: string; group_count: string; link_count: string })[]>(
      `select p.*,
         (select count(*) from project_keyword k where k.project_id = p.id) as keyword_count,
         (select count(*) from keyword_group g where g.project_id = p.id) as group_count,
         (select count(*) from outreach_link l where l.project_id = p.id) as link_count
       from project p where p.owner_user_id = ? order by p.created_at, p.id`,
      [ownerUserId],
    );
    return rows.map((row) => ({ ...toRecord(row), keywordCount: Number(row.keyword_count), groupCount: Number(row.group_count), linkCount: Number(row.link_count) }));
  }

  /** The owner's project with this name (ignoring case), optionally other than `exceptId`. */
  async findByName(ownerUserId: string, name: string, exceptId?: string): Promise<ProjectRecord | null> {
    const rows = await this.em.execute<ProjectRow[]>(
      'select * from project where owner_user_id = ? and lower(name) = lower(?) and id <> ? limit 1',
      [ownerUserId, name, exceptId ?? '00000000-0000-0000-0000-000000000000'],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async update(ownerUserId: string, id: string, changes: { name?: string; domain?: string; territory?: string }): Promise<ProjectRecord | null> {
    const rows = await this.em.execute<ProjectRow[]>(
      `update project set name = coalesce(?, name), domain = coalesce(?, domain), territory = coalesce(?, territory), updated_at = now()
       where id = ? and owner_user_id = ? returning *`,
      [changes.name ?? null, changes.domain ?? null, changes.territory ?? null, id, ownerUserId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Deletes the project and everything in it; false when the owner has no such project. */
  async delete(ownerUserId: string, id: string): Promise<boolean> {
    return this.em.transactional(async (em) => {
      const rows = await em.execute<{ id: string }[]>('delete from project where id = ? and owner_user_id = ? returning id', [id, ownerUserId]);
      if (!rows.length) return false;
      // Alerts point at their project without a foreign key (the alert table came first).
      await em.execute('delete from project_alert where project_id = ? and owner_user_id = ?', [id, ownerUserId]);
      return true;
    });
  }
}

export type TeamProjectAccessValue = 'edit' | 'view' | 'none';

/** What each team member may do in the account owner's projects; no row means 'edit'. */
export class ProjectTeamAccessRepository {
  constructor(private readonly em: EntityManager) {}

  async accessOf(childUserId: string): Promise<TeamProjectAccessValue> {
    const rows = await this.em.execute<{ access: TeamProjectAccessValue }[]>('select access from project_team_access where child_user_id = ?', [childUserId]);
    return rows[0]?.access ?? 'edit';
  }

  async listForOwner(ownerUserId: string): Promise<{ childUserId: string; email: string; access: TeamProjectAccessValue }[]> {
    const rows = await this.em.execute<{ id: string; email: string; access: TeamProjectAccessValue | null }[]>(
      `select u.id, u.email, a.access from app_user u left join project_team_access a on a.child_user_id = u.id
       where u.parent_user_id = ? order by u.email`,
      [ownerUserId],
    );
    return rows.map((row) => ({ childUserId: row.id, email: row.email, access: row.access ?? 'edit' }));
  }

  /** Sets a child's access; false when the user is not a child of the owner. */
  async set(ownerUserId: string, childUserId: string, access: TeamProjectAccessValue): Promise<boolean> {
    const rows = await this.em.execute<{ child_user_id: string }[]>(
      `insert into project_team_access (child_user_id, owner_user_id, access, updated_at)
       select u.id, u.parent_user_id, ?, now() from app_user u where u.id = ? and u.parent_user_id = ?
       on conflict (child_user_id) do update set access = excluded.access, owner_user_id = excluded.owner_user_id, updated_at = now()
       returning child_user_id`,
      [access, childUserId, ownerUserId],
    );
    return rows.length > 0;
  }
}
