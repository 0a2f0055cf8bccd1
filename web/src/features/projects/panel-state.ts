import { allProjectsId } from '@serpwise/contracts';
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
}

const activeProjectKey = 'serpwise:msf:activeProject';

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
    /** A new active project drops the active group and label (they belong to the old one). */
    setActiveProject(projectId: string) {
      if (projectId !== state.activeProjectId) set({ activeProjectId: projectId, activeGroupId: null, activeGroupName: null, activeLabelId: null });
    },
  };
}
export type PanelStore = ReturnType<typeof createPanelStore>;

export const panelStore = createPanelStore();

export function usePanelState(store: PanelStore = panelStore): PanelState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
