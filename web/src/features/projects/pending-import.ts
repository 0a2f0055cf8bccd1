import { importErrorCodes, isAllProjects, isQueuedImport, type ImportAnswer, type ImportErrorCode, type QueuedImportAnswer } from '@serpwise/contracts';
import type { ImportRequest } from './api/keywords';
import type { PanelStore } from './panel-state';

/** The import flow's refusals (docs/product/projects.md §4, §8): NO_PROJECTS opens create-project, NO_PROJECT_SELECTED the selector. */
export class PendingImportError extends Error {
  constructor(readonly code: ImportErrorCode) {
    super(code);
    this.name = 'PendingImportError';
  }
}

export interface PendingImportDeps {
  store: PanelStore;
  /** The user's projects (GetProjects). */
  projectIds: readonly string[];
  importKeywords: (request: ImportRequest) => Promise<ImportAnswer | QueuedImportAnswer>;
  /** After a successful import: re-sync term membership and refresh the keyword list. */
  afterImport?: () => void;
}

/**
 * Runs the pending import (docs/product/projects.md §4): no projects rejects with NO_PROJECTS; no project id (or the empty GUID) shows
 * the project selector and rejects with NO_PROJECT_SELECTED, unless the user has one project: there is nothing to
 * pick, so it goes there and that project becomes active (issue 24). Otherwise it imports, maps the terms to the
 * returned ids, clears the pending import and refreshes. A failed import clears the pending import too.
 */
export async function runPendingImport({ store, projectIds, importKeywords, afterImport }: PendingImportDeps): Promise<ImportAnswer | QueuedImportAnswer> {
  const state = store.get();
  const pending = state.pendingImport;
  if (!pending) throw new Error('There is no pending import.');
  if (projectIds.length === 0) throw new PendingImportError(importErrorCodes.noProjects);
  let projectId = pending.projectId ?? state.activeProjectId;
  if (isAllProjects(projectId) && projectIds.length === 1) {
    projectId = projectIds[0]!;
    store.setActiveProject(projectId);
  }
  if (isAllProjects(projectId)) {
    store.set({ selectorOpen: true });
    throw new PendingImportError(importErrorCodes.noProjectSelected);
  }
  try {
    const answer = await importKeywords({ projectId, terms: pending.terms, groupNames: pending.groupNames, labelNames: pending.labelNames });
    // A large import runs as a job: its ids arrive with its result (the import-progress view refreshes then).
    if (isQueuedImport(answer)) {
      store.set({ pendingImport: null });
      return answer;
    }
    const ids = answer.termIdsCsv.split(',').filter(Boolean).map(Number);
    const termIds = { ...store.get().termIds };
    pending.terms.forEach((term, index) => {
      if (ids[index]) termIds[term] = ids[index];
    });
    store.set({ pendingImport: null, termIds });
    afterImport?.();
    return answer;
  } catch (error) {
    store.set({ pendingImport: null });
    throw error;
  }
}
