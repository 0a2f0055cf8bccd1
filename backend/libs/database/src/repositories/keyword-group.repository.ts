import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { ProjectTermSets } from './project-term-sets.js';
import { isoOf } from './sql-arrays.js';

export interface KeywordGroupRecord {
  groupHash: string;
  projectId: string;
  name: string;
  createdAt: string;
  termIds: number[];
}

export interface KeywordLabelRecord {
  labelHash: string;
  projectId: string;
  name: string;
  termIds: number[];
}

const uniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** Keyword groups of projects, and the terms in them (delete, addTerms, removeTerms: ProjectTermSets). Project ids arrive checked against the caller. */
export class KeywordGroupRepository extends ProjectTermSets {
  constructor(em: EntityManager) {
    super(em, { sets: 'keyword_group', terms: 'keyword_group_term', key: 'group_hash' });
  }

  async listForProject(projectId: string): Promise<KeywordGroupRecord[]> {
    const rows = await this.em.execute<{ group_hash: string; project_id: string; name: string; created_at: Date; term_ids: number[] | null }[]>(
      `select g.group_hash, g.project_id, g.name, g.created_at,
         (select array_agg(t.term_id order by t.term_id) from keyword_group_term t where t.group_hash = g.group_hash) as term_ids
       from keyword_group g where g.project_id = ? order by lower(g.name), g.group_hash`,
      [projectId],
    );
    return rows.map((row) => ({ groupHash: row.group_hash, projectId: row.project_id, name: row.name, createdAt: isoOf(row.created_at), termIds: (row.term_ids ?? []).map(Number) }));
  }

  async find(projectId: string, groupHash: string): Promise<KeywordGroupRecord | null> {
    return (await this.listForProject(projectId)).find((group) => group.groupHash === groupHash.toLowerCase()) ?? null;
  }

  async findByName(projectId: string, name: string): Promise<KeywordGroupRecord | null> {
    return (await this.listForProject(projectId)).find((group) => group.name.toLowerCase() === name.toLowerCase()) ?? null;
  }

  /** Creates a group; null when the project already has one of that name. */
  async create(projectId: string, name: string, importId: string | null): Promise<KeywordGroupRecord | null> {
    const rows = await this.em.execute<{ group_hash: string; created_at: Date }[]>(
      `insert into keyword_group (group_hash, project_id, name, import_id, created_at) values (?, ?, ?, ?, now())
       on conflict (project_id, lower(name)) do nothing returning group_hash, created_at`,
      [randomUUID(), projectId, name, importId],
    );
    const row = rows[0];
    return row ? { groupHash: row.group_hash, projectId, name, createdAt: isoOf(row.created_at), termIds: [] } : null;
  }

  /** 'taken' when another group of the project has the name; null when there is no such group. */
  async rename(projectId: string, groupHash: string, name: string): Promise<KeywordGroupRecord | 'taken' | null> {
    try {
      const rows = await this.em.execute<{ group_hash: string }[]>('update keyword_group set name = ? where project_id = ? and group_hash = ? returning group_hash', [
        name,
        projectId,
        groupHash,
      ]);
      return rows.length ? this.find(projectId, groupHash) : null;
    } catch (error) {
      if (uniqueViolation(error)) return 'taken';
      throw error;
    }
  }
}

/** Labels of projects (labelHash, labelName), and the terms they mark (delete, addTerms, removeTerms: ProjectTermSets). */
export class KeywordLabelRepository extends ProjectTermSets {
  constructor(em: EntityManager) {
    super(em, { sets: 'keyword_label', terms: 'keyword_label_term', key: 'label_hash' });
  }

  async listForProject(projectId: string): Promise<KeywordLabelRecord[]> {
    const rows = await this.em.execute<{ label_hash: string; project_id: string; name: string; term_ids: number[] | null }[]>(
      `select l.label_hash, l.project_id, l.name,
         (select array_agg(t.term_id order by t.term_id) from keyword_label_term t where t.label_hash = l.label_hash) as term_ids
       from keyword_label l where l.project_id = ? order by lower(l.name), l.label_hash`,
      [projectId],
    );
    return rows.map((row) => ({ labelHash: row.label_hash, projectId: row.project_id, name: row.name, termIds: (row.term_ids ?? []).map(Number) }));
  }

  async find(projectId: string, labelHash: string): Promise<KeywordLabelRecord | null> {
    return (await this.listForProject(projectId)).find((label) => label.labelHash === labelHash.toLowerCase()) ?? null;
  }

  async findByName(projectId: string, name: string): Promise<KeywordLabelRecord | null> {
    return (await this.listForProject(projectId)).find((label) => label.name.toLowerCase() === name.toLowerCase()) ?? null;
  }

  /** The project's label of that name, created when missing (`created` says which). */
  async ensure(projectId: string, name: string, importId: string | null): Promise<{ label: KeywordLabelRecord; created: boolean }> {
    const rows = await this.em.execute<{ label_hash: string }[]>(
      `insert into keyword_label (label_hash, project_id, name, import_id, created_at) values (?, ?, ?, ?, now())
       on conflict (project_id, lower(name)) do nothing returning label_hash`,
      [randomUUID(), projectId, name, importId],
    );
    const label = await this.findByName(projectId, name);
    return { label: label!, created: rows.length > 0 };
  }
}
