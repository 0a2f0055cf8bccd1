import { normaliseKeyword, type TermProjects } from '@serpwise/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { searchProjectsForTerms } from './api/keywords';

/** docs/product/projects.md §4, §9: table term changes re-sync term membership after a 100 ms pause (one call for the whole page). */
export const membershipDebounceMs = 100;

export interface TermMembershipEntry {
  termId: number | null;
  projectIds: string[];
}

/**
 * Which projects hold each term a research table shows (the rows' Add / Added-Remove toggle). Rows register their
 * term; after 100 ms one ProjectActions/SearchProjectsForTerms call answers for every term not known yet.
 */
export function createMembershipStore(search: (terms: string[]) => Promise<TermProjects[]> = searchProjectsForTerms, debounceMs = membershipDebounceMs) {
  const known = new Map<string, TermMembershipEntry>();
  const wanted = new Set<string>();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let version = 0;

  const emit = () => {
    version += 1;
    listeners.forEach((listener) => listener());
  };
  const flush = async () => {
    timer = null;
    const terms = [...wanted].filter((term) => !known.has(term));
    if (!terms.length) return;
    try {
      const answer = await search(terms);
      for (const term of terms) known.set(term, { termId: null, projectIds: [] });
      for (const entry of answer) {
        if (entry.term) known.set(normaliseKeyword(entry.term), { termId: entry.termId, projectIds: entry.projects.map((project) => project.projectId) });
      }
      emit();
    } catch {
      // Membership is a hint: the Add button still works without it.
    }
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void flush(), debounceMs);
  };
  return {
    register(term: string) {
      const key = normaliseKeyword(term);
      wanted.add(key);
      if (!known.has(key)) schedule();
    },
    get: (term: string) => known.get(normaliseKeyword(term)),
    /** After an import, an undo or a removal: ask again for every term on the page. */
    refresh() {
      known.clear();
      emit();
      schedule();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}
export type MembershipStore = ReturnType<typeof createMembershipStore>;

export const membershipStore = createMembershipStore();

export function useTermMembership(term: string, enabled: boolean, store: MembershipStore = membershipStore): TermMembershipEntry | undefined {
  useSyncExternalStore(store.subscribe, store.version, store.version);
  useEffect(() => {
    if (enabled) store.register(term);
  }, [enabled, store, term]);
  return enabled ? store.get(term) : undefined;
}
