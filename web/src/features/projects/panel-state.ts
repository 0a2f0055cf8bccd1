import { allProjectsId, isAllProjects } from '@serpwise/contracts';
import { useSyncExternalStore } from 'react';

/** What the user asked to add while no project could take it yet (docs/product/projects.md §3 pendingImport). */
export interface PendingImport {
  terms: string[];
  groupNames: string[];
  labelNames: string[];
  projectId: string | null;
}

export interface PanelState {
  /** Persisted locally (docs/product/projects.md §3); the all-zeros GUID means none chosen. */
  activeProjectId: string;
  activeGroupId: string | null;
  activeGroupName: string | null;
  activeLabelId: string | null;
  pendingImport: PendingImport | null;
  /** Terms mapped to the ids the last imports returned (docs/product/projects.md §3 termIdsUpdatedMapping). */
  termIds: Record<string, number>;
  /** The 'Select a project' modal is open. */
  selectorOpen: boolean;
  /** Project ids in the order they were last made active, most recent first (kept locally). */
  recentProjectIds: string[];
}

const activeProjectKey = 'serpwise:msf:activeProject';
const recentProjectsKey = 'serpwise:msf:recentProjects';
/** How many recently used project ids are kept (more than the selector shows, so deleted ones leave room). */
const recentKept = 12;

function storedRecent(): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(recentProjectsKey) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The projects the selector offers (docs/product/projects.md §9: 4 recent projects): the ones used last, newest first, then the
 * most recently created, without repeats; ids of projects that no longer exist are skipped.
 */
export function recentProjects<P extends { id: string; createdAt: string }>(projects: readonly P[], recentIds: readonly string[], limit: number): P[] {
  const byId = new Map(projects.map((project) => [project.id, project]));
  const used = recentIds.flatMap((id) => byId.get(id) ?? []);
  const newest = [...projects].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return [...new Set([...used, ...newest])].slice(0, limit);
}

function storedProjectId(): string {
  try {
    return localStorage.getItem(activeProjectKey) || allProjectsId;
  } catch {
    return allProjectsId;
  }
}

/** The panel's state outside React, so the research pages' Add buttons and the panel share it. */
export function createPanelStore() {
  let state: PanelState = {
    activeProjectId: storedProjectId(),
    activeGroupId: null,
    activeGroupName: null,
    activeLabelId: null,
    pendingImport: null,
    termIds: {},
    selectorOpen: false,
    recentProjectIds: storedRecent(),
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<PanelState>) => {
    state = { ...state, ...patch };
    if (patch.activeProjectId !== undefined) {
      try {
        localStorage.setItem(activeProjectKey, patch.activeProjectId);
      } catch {
        // Private mode: the choice lasts for the page.
      }
    }
    listeners.forEach((listener) => listener());
  };
  return {
    get: () => state,
    set,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A new active project drops the active group and label (they belong to the old one) and becomes the most recent. */
    setActiveProject(projectId: string) {
      if (projectId === state.activeProjectId) return;
      const recentProjectIds = isAllProjects(projectId) ? state.recentProjectIds : [projectId, ...state.recentProjectIds.filter((id) => id !== projectId)].slice(0, recentKept);
      try {
        localStorage.setItem(recentProjectsKey, JSON.stringify(recentProjectIds));
      } catch {
        // Private mode: the order lasts for the page.
      }
      set({ activeProjectId: projectId, activeGroupId: null, activeGroupName: null, activeLabelId: null, recentProjectIds });
    },
  };
}
export type PanelStore = ReturnType<typeof createPanelStore>;

export const panelStore = createPanelStore();

export function usePanelState(store: PanelStore = panelStore): PanelState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
