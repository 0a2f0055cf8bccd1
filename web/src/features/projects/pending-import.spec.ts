import { describe, expect, it, jest } from '@jest/globals';
import { allProjectsId, type ImportAnswer, type QueuedImportAnswer } from '@serpwise/contracts';
import type { ImportRequest } from './api/keywords';
import { createPanelStore } from './panel-state';
import { PendingImportError, runPendingImport } from './pending-import';

const answer = (termIdsCsv: string): ImportAnswer => ({
  hasReachedLimit: false,
  termCount: 2,
  alreadyActiveTerms: [],
  termIdsCsv,
  groupHashCsv: '',
  importId: 'i1',
  projectId: 'p1',
  message: '2 keywords added',
  usedCount: 2,
  totalCount: 5000,
});

function storeWith(activeProjectId: string) {
  localStorage.clear();
  const store = createPanelStore();
  store.set({ activeProjectId, pendingImport: { terms: ['red shoes', 'blue shoes'], groupNames: ['Top'], labelNames: [], projectId: null } });
  return store;
}

describe('the pending import (docs/product/projects.md §4)', () => {
  it('rejects with NO_PROJECTS when the user has no projects, keeping the pending import for create-project', async () => {
    const store = storeWith(allProjectsId);
    const importKeywords = jest.fn<(request: ImportRequest) => Promise<ImportAnswer>>();
    await expect(runPendingImport({ store, projectIds: [], importKeywords })).rejects.toEqual(new PendingImportError('NO_PROJECTS'));
    expect(importKeywords).not.toHaveBeenCalled();
    expect(store.get().pendingImport).not.toBeNull();
  });

  it('with no project chosen (the empty GUID) shows the selector and rejects with NO_PROJECT_SELECTED', async () => {
    const store = storeWith(allProjectsId);
    const importKeywords = jest.fn<(request: ImportRequest) => Promise<ImportAnswer>>();
    await expect(runPendingImport({ store, projectIds: ['p1', 'p2'], importKeywords })).rejects.toMatchObject({ code: 'NO_PROJECT_SELECTED' });
    expect(store.get().selectorOpen).toBe(true);
    expect(importKeywords).not.toHaveBeenCalled();
  });

  it('imports into the active project, maps terms to the returned ids, clears the pending import and refreshes', async () => {
    const store = storeWith('p1');
    const importKeywords = jest.fn<(request: ImportRequest) => Promise<ImportAnswer>>().mockResolvedValue(answer('11,12'));
    const afterImport = jest.fn();
    await expect(runPendingImport({ store, projectIds: ['p1'], importKeywords, afterImport })).resolves.toMatchObject({ importId: 'i1' });
    expect(importKeywords).toHaveBeenCalledWith({ projectId: 'p1', terms: ['red shoes', 'blue shoes'], groupNames: ['Top'], labelNames: [] });
    expect(store.get().termIds).toEqual({ 'red shoes': 11, 'blue shoes': 12 });
    expect(store.get().pendingImport).toBeNull();
    expect(afterImport).toHaveBeenCalledTimes(1);
  });

  it('clears the pending import when the import fails', async () => {
    const store = storeWith('p1');
    const importKeywords = jest.fn<(request: ImportRequest) => Promise<ImportAnswer>>().mockRejectedValue(new Error('down'));
    await expect(runPendingImport({ store, projectIds: ['p1'], importKeywords })).rejects.toThrow('down');
    expect(store.get().pendingImport).toBeNull();
  });

  it('hands back a queued (large) import as it is: the pending import is cleared, no ids are mapped yet', async () => {
    const store = storeWith('p1');
    const queued: QueuedImportAnswer = { isQueued: true, jobId: 'j1', projectId: 'p1', itemCount: 2, message: 'Importing 2 keywords to project Shop…' };
    const importKeywords = jest.fn<(request: ImportRequest) => Promise<QueuedImportAnswer>>().mockResolvedValue(queued);
    const afterImport = jest.fn();
    await expect(runPendingImport({ store, projectIds: ['p1'], importKeywords, afterImport })).resolves.toEqual(queued);
    expect(store.get().pendingImport).toBeNull();
    expect(store.get().termIds).toEqual({});
    expect(afterImport).not.toHaveBeenCalled();
  });

  it('does not ask a user with one project to pick it: the import goes there and it becomes the active project', async () => {
    const store = storeWith(allProjectsId);
    const importKeywords = jest.fn<(request: ImportRequest) => Promise<ImportAnswer>>().mockResolvedValue(answer('11,12'));
    await expect(runPendingImport({ store, projectIds: ['only'], importKeywords })).resolves.toMatchObject({ importId: 'i1' });
    expect(importKeywords).toHaveBeenCalledWith({ projectId: 'only', terms: ['red shoes', 'blue shoes'], groupNames: ['Top'], labelNames: [] });
    expect(store.get().selectorOpen).toBe(false);
    expect(store.get().activeProjectId).toBe('only');
  });
});
