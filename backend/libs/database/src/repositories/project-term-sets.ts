import type { EntityManager } from '@mikro-orm/postgresql';
import { intArray, quotedArray } from './sql-arrays.js';

/** The tables of one kind of named set of a project's keywords: the set table, its term table and their key column. */
export interface TermSetTables {
  sets: 'keyword_group' | 'keyword_label';
  terms: 'keyword_group_term' | 'keyword_label_term';
  key: 'group_hash' | 'label_hash';
}

/**
 * What keyword groups and keyword labels do alike: delete sets, and add or remove terms. Their repositories extend
 * it. The table names are constants of this package, never caller input, so they can stand in the SQL text.
 */
export class ProjectTermSets {
  constructor(
    protected readonly em: EntityManager,
    private readonly tables: TermSetTables,
  ) {}

  /** Deletes the project's sets among the hashes; answers the hashes it deleted. */
  async delete(projectId: string, hashes: readonly string[]): Promise<string[]> {
    if (!hashes.length) return [];
    const { sets, key } = this.tables;
    const rows = await this.em.execute<Record<string, string>[]>(
      `delete from ${sets} where project_id = ? and ${key} = any(?::uuid[]) returning ${key}`,
      [projectId, quotedArray(hashes)],
    );
    return rows.map((row) => row[key]!);
  }

  /** Adds those of the terms that are in the set's project; answers how many it added. */
  async addTerms(projectId: string, hash: string, termIds: readonly number[], importId: string | null): Promise<number> {
    if (!termIds.length) return 0;
    const { terms, key } = this.tables;
    const rows = await this.em.execute<{ term_id: number }[]>(
      `insert into ${terms} (${key}, term_id, import_id, added_at)
       select ?, k.term_id, ?, now() from project_keyword k where k.project_id = ? and k.term_id = any(?::int[])
       on conflict (${key}, term_id) do nothing returning term_id`,
      [hash, importId, projectId, intArray(termIds)],
    );
    return rows.length;
  }

  /** Removes the terms from the set; answers how many it removed. */
  async removeTerms(hash: string, termIds: readonly number[]): Promise<number> {
    if (!termIds.length) return 0;
    const { terms, key } = this.tables;
    const rows = await this.em.execute<{ term_id: number }[]>(`delete from ${terms} where ${key} = ? and term_id = any(?::int[]) returning term_id`, [
      hash,
      intArray(termIds),
    ]);
    return rows.length;
  }
}
