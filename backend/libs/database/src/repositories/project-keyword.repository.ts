import type { EntityManager } from '@mikro-orm/postgresql';
import { intArray, quotedArray } from './sql-arrays.js';

export interface KeywordImportRecord {
  id: string;
  projectId: string;
  ownerUserId: string;
  userId: string;
  termCount: number;
  undoneAt: Date | null;
}

/**
 * The term dictionary, the keywords of projects and the keyword imports. Callers check that the project belongs to
 * the caller first; the queries here take project ids that are known to be the caller's.
 */
export class ProjectKeywordRepository {
  constructor(private readonly em: EntityManager) {}

  /** Ids of normalised terms, adding new ones to the dictionary. */
  async ensureTerms(terms: readonly string[]): Promise<Map<string, number>> {
    if (!terms.length) return new Map();
    await this.em.execute('insert into tracked_term (term) select unnest(?::text[]) on conflict (term) do nothing', [quotedArray(terms)]);
    return this.idsOfTerms(terms);
  }

  /** Ids of terms already in the dictionary. */
  async idsOfTerms(terms: readonly string[]): Promise<Map<string, number>> {
    if (!terms.length) return new Map();
    const rows = await this.em.execute<{ id: number; term: string }[]>('select id, term from tracked_term where term = any(?::text[])', [quotedArray(terms)]);
    return new Map(rows.map((row) => [row.term, Number(row.id)]));
  }

  async termsOfIds(termIds: readonly number[]): Promise<Map<number, string>> {
    if (!termIds.length) return new Map();
    const rows = await this.em.execute<{ id: number; term: string }[]>('select id, term from tracked_term where id = any(?::int[])', [intArray(termIds)]);
    return new Map(rows.map((row) => [Number(row.id), row.term]));
  }

  /** Serialises keyword additions of one account inside the current transaction, so the allowance holds. */
  async lockOwner(ownerUserId: string): Promise<void> {
    await this.em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 9))`, [`project-keywords:${ownerUserId}`]);
  }

  /** Keywords tracked in all of the owner's projects (a term in two projects counts twice). */
  async usedCount(ownerUserId: string): Promise<number> {
    const rows = await this.em.execute<{ n: string }[]>(
      'select count(*) as n from project_keyword k join project p on p.id = k.project_id where p.owner_user_id = ?',
      [ownerUserId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Keywords of the owner's projects whose rank the rank tracking checked in the last `days` days: the project's
   * territory has a result page for the term from a rank-tracking run loaded since then (the keyword count's
   * Weekly Tracking part, docs/decisions.md issue 24).
   */
  async weeklyTrackedCount(ownerUserId: string, purpose: string, days: number): Promise<number> {
    const rows = await this.em.execute<{ n: string }[]>(
      // No recent run: nothing to look at. Otherwise each keyword's results are read from the runs' first month on
      // (serp_observation's key is keyword, day, …), not its whole history.
      `with runs as (select id, first_month from data_source where kind = 'provider' and details->>'purpose' = ? and loaded_at >= now() - make_interval(days => ?))
       select count(*) as n from project_keyword pk join project p on p.id = pk.project_id join tracked_term t on t.id = pk.term_id
       where p.owner_user_id = ? and exists (select 1 from runs) and exists (
         select 1 from keyword k join serp_observation o on o.keyword_id = k.id
         where k.territory = p.territory and k.term = t.term and o.territory = p.territory
           and o.observed_on >= coalesce((select min(first_month) from runs), '-infinity'::date) and o.source_id in (select id from runs))`,
      [purpose, days, ownerUserId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * What the tracked-keyword allowance counts as used: the keywords of all the owner's projects plus those of its
   * recon reports (docs/product/projects.md §2: the keyword count's My Serpwise and Keyword Recon Reports parts).
   */
  async allowanceUsedCount(ownerUserId: string): Promise<number> {
    const rows = await this.em.execute<{ n: string }[]>(
      `select (select count(*) from project_keyword k join project p on p.id = k.project_id where p.owner_user_id = ?)
            + (select coalesce(sum(cardinality(keywords)), 0) from recon_report where owner_user_id = ?) as n`,
      [ownerUserId, ownerUserId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Which of the terms the project (or one of its groups or labels) holds. */
  async presentTermIds(projectId: string, termIds: readonly number[], scope: { groupHash?: string; labelHash?: string } = {}): Promise<Set<number>> {
    if (!termIds.length) return new Set();
    const rows = await this.em.execute<{ term_id: number }[]>(
      `select k.term_id from project_keyword k
       where k.project_id = ? and k.term_id = any(?::int[])
         and (?::uuid is null or exists (select 1 from keyword_group_term g join keyword_group kg on kg.group_hash = g.group_hash
                                          where g.group_hash = ?::uuid and kg.project_id = k.project_id and g.term_id = k.term_id))
         and (?::uuid is null or exists (select 1 from keyword_label_term l join keyword_label kl on kl.label_hash = l.label_hash
                                          where l.label_hash = ?::uuid and kl.project_id = k.project_id and l.term_id = k.term_id))`,
      [projectId, intArray(termIds), scope.groupHash ?? null, scope.groupHash ?? null, scope.labelHash ?? null, scope.labelHash ?? null],
    );
    return new Set(rows.map((row) => Number(row.term_id)));
  }

  /** Which of the terms any of the owner's projects holds. */
  async presentInAnyProject(ownerUserId: string, termIds: readonly number[]): Promise<Set<number>> {
    if (!termIds.length) return new Set();
    const rows = await this.em.execute<{ term_id: number }[]>(
      `select distinct k.term_id from project_keyword k join project p on p.id = k.project_id
       where p.owner_user_id = ? and k.term_id = any(?::int[])`,
      [ownerUserId, intArray(termIds)],
    );
    return new Set(rows.map((row) => Number(row.term_id)));
  }

  /** For each term, the owner's projects that hold it. */
  async projectsOfTerms(ownerUserId: string, termIds: readonly number[]): Promise<{ termId: number; projectId: string; projectName: string }[]> {
    if (!termIds.length) return [];
    const rows = await this.em.execute<{ term_id: number; project_id: string; name: string }[]>(
      `select k.term_id, p.id as project_id, p.name from project_keyword k join project p on p.id = k.project_id
       where p.owner_user_id = ? and k.term_id = any(?::int[]) order by p.created_at, p.id`,
      [ownerUserId, intArray(termIds)],
    );
    return rows.map((row) => ({ termId: Number(row.term_id), projectId: row.project_id, projectName: row.name }));
  }

  /** Adds terms to the project; answers the ids it added (those already there are left as they were). */
  async addToProject(projectId: string, termIds: readonly number[], importId: string | null): Promise<number[]> {
    if (!termIds.length) return [];
    const rows = await this.em.execute<{ term_id: number }[]>(
      `insert into project_keyword (project_id, term_id, import_id, added_at)
       select ?, t.id, ?, now() from unnest(?::int[]) as t(id)
       on conflict (project_id, term_id) do nothing returning term_id`,
      [projectId, importId, intArray(termIds)],
    );
    return rows.map((row) => Number(row.term_id));
  }

  /** Removes terms from the project and from its groups and labels; answers how many it removed. */
  async removeFromProject(projectId: string, termIds: readonly number[]): Promise<number> {
    if (!termIds.length) return 0;
    const ids = intArray(termIds);
    await this.em.execute(
      `delete from keyword_group_term t using keyword_group g where g.group_hash = t.group_hash and g.project_id = ? and t.term_id = any(?::int[])`,
      [projectId, ids],
    );
    await this.em.execute(
      `delete from keyword_label_term t using keyword_label l where l.label_hash = t.label_hash and l.project_id = ? and t.term_id = any(?::int[])`,
      [projectId, ids],
    );
    const rows = await this.em.execute<{ term_id: number }[]>('delete from project_keyword where project_id = ? and term_id = any(?::int[]) returning term_id', [
      projectId,
      ids,
    ]);
    return rows.length;
  }

  async createImport(input: { id: string; projectId: string; userId: string; termCount: number }): Promise<void> {
    await this.em.execute('insert into keyword_import (id, project_id, user_id, term_count, created_at) values (?, ?, ?, ?, now())', [
      input.id,
      input.projectId,
      input.userId,
      input.termCount,
    ]);
  }

  /** The owner's import, or null. Locks the row for the rest of the transaction. */
  async findImportForOwner(ownerUserId: string, importId: string): Promise<KeywordImportRecord | null> {
    const rows = await this.em.execute<{ id: string; project_id: string; owner_user_id: string; user_id: string; term_count: number; undone_at: Date | null }[]>(
      `select i.id, i.project_id, p.owner_user_id, i.user_id, i.term_count, i.undone_at
       from keyword_import i join project p on p.id = i.project_id where i.id = ? and p.owner_user_id = ? for update of i`,
      [importId, ownerUserId],
    );
    const row = rows[0];
    return row
      ? { id: row.id, projectId: row.project_id, ownerUserId: row.owner_user_id, userId: row.user_id, termCount: Number(row.term_count), undoneAt: row.undone_at ? new Date(row.undone_at) : null }
      : null;
  }

  /**
   * Takes an import back: the terms it added to the project (with their group and label memberships), the
   * memberships it added, and the groups and labels it created. Answers what it removed.
   */
  async undoImport(importRecord: KeywordImportRecord): Promise<{ removedTermCount: number; removedGroupCount: number }> {
    const { id, projectId } = importRecord;
    const added = await this.em.execute<{ term_id: number }[]>('select term_id from project_keyword where project_id = ? and import_id = ?', [projectId, id]);
    const removedTermCount = await this.removeFromProject(
      projectId,
      added.map((row) => Number(row.term_id)),
    );
    await this.em.execute('delete from keyword_group_term where import_id = ?', [id]);
    await this.em.execute('delete from keyword_label_term where import_id = ?', [id]);
    const groups = await this.em.execute<{ group_hash: string }[]>('delete from keyword_group where project_id = ? and import_id = ? returning group_hash', [projectId, id]);
    await this.em.execute('delete from keyword_label where project_id = ? and import_id = ?', [projectId, id]);
    await this.em.execute('update keyword_import set undone_at = now() where id = ?', [id]);
    return { removedTermCount, removedGroupCount: groups.length };
  }
}
