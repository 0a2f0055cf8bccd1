import { projectMessages, type ImportAnswer } from '@serpwise/contracts';
import type { KeywordGroupRepository, KeywordLabelRepository, ProjectKeywordRepository, ProjectRecord } from '@serpwise/database';

/** Terms are added this many at a time; a job reports progress after each batch. */
export const keywordImportBatch = 1000;

/** A group the import would create was created by someone else meanwhile (a 409 in the request, a failed job). */
export class KeywordImportConflict extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeywordImportConflict';
  }
}

export interface KeywordImportInput {
  ownerUserId: string;
  userId: string;
  project: ProjectRecord;
  terms: string[];
  groupNames: string[];
  labelNames: string[];
  totalCount: number;
  /** The rows it adds carry this id, so Undo removes exactly them (a job uses its own id). */
  importId: string;
  /** Called after each batch with the terms done so far; a job reports it and may stop (by throwing). */
  progress?: (done: number, total: number) => Promise<void>;
}

/**
 * Lands one keyword import (docs/product/projects.md §3, §4) in the caller's open transaction: takes the account's lock, counts what is
 * new, refuses past the allowance changing nothing, then adds the terms, the named groups and labels and their
 * memberships in batches, and records the import for Undo. Shared by the request (small imports) and the worker
 * (imports run as jobs), so both give the same answer.
 */
export async function landKeywordImport(
  repositories: { keywords: ProjectKeywordRepository; groups: KeywordGroupRepository; labels: KeywordLabelRepository },
  input: KeywordImportInput,
): Promise<ImportAnswer> {
  const { keywords, groups, labels } = repositories;
  const { project, terms, importId, totalCount } = input;
  await keywords.lockOwner(input.ownerUserId);
  const { usedCount: usedBefore, refusal } = await checkKeywordAllowance(keywords, input.ownerUserId, project.id, terms, totalCount);
  if (refusal) return refusal;

  const targetGroups = [];
  const createdGroups: string[] = [];
  for (const name of input.groupNames) {
    const existing = await groups.findByName(project.id, name);
    const group = existing ?? (await groups.create(project.id, name, importId));
    if (!group) throw new KeywordImportConflict(projectMessages.groupNameTaken(name));
    if (!existing) createdGroups.push(group.groupHash);
    targetGroups.push(group);
  }
  const targetLabels = [];
  let labelChanges = 0;
  for (const name of input.labelNames) {
    const { label, created } = await labels.ensure(project.id, name, importId);
    if (created) labelChanges += 1;
    targetLabels.push(label);
  }

  const termIds: number[] = [];
  const added = new Set<number>();
  const addedToGroup = new Set<number>();
  const groupsBefore = targetGroups.map((group) => new Set(group.termIds));
  for (let start = 0; start < terms.length; start += keywordImportBatch) {
    const batch = terms.slice(start, start + keywordImportBatch);
    const ids = await keywords.ensureTerms(batch);
    const batchIds = batch.map((term) => ids.get(term)!);
    termIds.push(...batchIds);
    for (const termId of await keywords.addToProject(project.id, batchIds, importId)) added.add(termId);
    for (const [index, group] of targetGroups.entries()) {
      await groups.addTerms(project.id, group.groupHash, batchIds, importId);
      for (const termId of batchIds) if (!groupsBefore[index]!.has(termId)) addedToGroup.add(termId);
    }
    for (const label of targetLabels) labelChanges += await labels.addTerms(project.id, label.labelHash, batchIds, importId);
    await input.progress?.(Math.min(terms.length, start + batch.length), terms.length);
  }

  const alreadyActiveTerms = terms.filter((_, index) => !added.has(termIds[index]!) && !addedToGroup.has(termIds[index]!));
  const termCount = terms.length - alreadyActiveTerms.length;
  const changed = termCount > 0 || createdGroups.length > 0 || labelChanges > 0;
  if (changed) await keywords.createImport({ id: importId, projectId: project.id, userId: input.userId, termCount });
  const group = targetGroups.length === 1 ? targetGroups[0]!.name : null;
  const message =
    termCount === 0
      ? terms.length === 1
        ? projectMessages.keywordAlreadyExists(terms[0]!, project.name, group)
        : projectMessages.selectedKeywordsExist(project.name)
      : terms.length === 1
        ? projectMessages.keywordAdded(terms[0]!, project.name, group)
        : projectMessages.keywordsImported(project.name, alreadyActiveTerms.length > 0);
  return {
    hasReachedLimit: false,
    termCount,
    alreadyActiveTerms,
    termIdsCsv: termIds.join(','),
    groupHashCsv: createdGroups.join(','),
    importId: changed ? importId : null,
    projectId: project.id,
    message,
    usedCount: usedBefore + added.size,
    totalCount,
  };
}

/**
 * The allowance against the terms an import would add to the project: counted before anything is added to the term
 * dictionary, so past the allowance nothing changes. `refusal` is the documented limit answer, or null when they fit.
 */
export async function checkKeywordAllowance(
  keywords: ProjectKeywordRepository,
  ownerUserId: string,
  projectId: string,
  terms: readonly string[],
  totalCount: number,
): Promise<{ usedCount: number; refusal: ImportAnswer | null }> {
  const knownIds = await keywords.idsOfTerms(terms);
  const inProject = await keywords.presentTermIds(projectId, [...knownIds.values()]);
  const newCount = terms.filter((term) => !inProject.has(knownIds.get(term) ?? -1)).length;
  const usedCount = await keywords.allowanceUsedCount(ownerUserId);
  const refusal = newCount > 0 && usedCount + newCount > totalCount ? keywordLimitAnswer(projectId, usedCount, totalCount) : null;
  return { usedCount, refusal };
}

export function keywordLimitAnswer(projectId: string, usedCount: number, totalCount: number): ImportAnswer {
  return {
    hasReachedLimit: true,
    termCount: 0,
    alreadyActiveTerms: [],
    termIdsCsv: '',
    groupHashCsv: '',
    importId: null,
    projectId,
    message: projectMessages.keywordLimit(usedCount, totalCount),
    usedCount,
    totalCount,
  };
}
