import { allProjectsId, importErrorCodes, isAllProjects, isQueuedImport, projectMessages, type ImportAnswer, type ProjectSummary, type QueuedImportAnswer } from '@serpwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { notify } from '@/components/ui/notifications';
import { errorsOf } from '@/lib/api-client';
import { useActiveState } from '@/features/auth';
import { projectKeys } from './api/base';
import { importKeywords, undoImport } from './api/keywords';
import { getProjects, useProjects } from './api/projects';
import { membershipStore } from './membership';
import { panelStore, usePanelState, type PanelState } from './panel-state';
import { PendingImportError, runPendingImport } from './pending-import';
import { useMsf, type MsfNavigation } from './use-msf';

/** docs/product/projects.md §4, §9: after an add the sidebar tab bounces for 250 ms. */
export const bounceMs = 250;

export interface ProjectPanel {
  msf: MsfNavigation;
  state: PanelState;
  isLoggedIn: boolean;
  isFullUser: boolean;
  projects: ProjectSummary[] | undefined;
  activeProject: ProjectSummary | null;
  bouncing: boolean;
  /** Adds keywords to the active project (or group) the documented way; non-full users get the sign-up overlay. */
  addKeywords: (terms: string[]) => Promise<void>;
  /** Runs the pending import (after the selector or create-project). */
  runPending: () => Promise<void>;
  /** Imports keywords into a project the documented way; a large import opens import-progress. */
  importTerms: (projectId: string, terms: string[]) => Promise<void>;
  /** Takes an import back, saying so (docs/product/projects.md §4); answers whether it was undone. */
  undo: (importId: string) => Promise<boolean>;
  /** Re-syncs term membership and the project lists after keywords changed. */
  refresh: () => void;
  setActiveProject: (projectId: string) => void;
  /** What the open sign-up overlay was asked for (null: closed). */
  signUpOverlay: SignUpPurpose | null;
  openSignUpOverlay: (purpose?: SignUpPurpose) => void;
  closeSignUpOverlay: () => void;
}

/** What a visitor or free user tried to save when the sign-up overlay opened: it names that in its title. */
export type SignUpPurpose = 'keywords' | 'urls' | 'outreach';

const PanelContext = createContext<ProjectPanel | null>(null);

export function useProjectPanel(): ProjectPanel {
  const panel = useContext(PanelContext);
  if (!panel) throw new Error('useProjectPanel needs the ProjectPanelProvider.');
  return panel;
}

/** The same, for components that may render outside the panel provider (research tables in tests). */
export const useOptionalProjectPanel = () => useContext(PanelContext);

/** Holds the side panel's state and the add-keywords flow for the whole page (mounted by the app layout). */
export function ProjectPanelProvider({ children }: { children: ReactNode }) {
  const { data } = useActiveState();
  const isLoggedIn = data?.user.isLoggedIn ?? false;
  const isFullUser = data?.user.isFullUser ?? false;
  const msf = useMsf();
  const state = usePanelState();
  const queryClient = useQueryClient();
  const projectsQuery = useProjects(isFullUser);
  const projects = projectsQuery.data;
  const [bouncing, setBouncing] = useState(false);
  const [signUpOverlay, setSignUpOverlay] = useState<SignUpPurpose | null>(null);

  // docs/product/projects.md §4: removing projects resets the active project if it was removed. Only a change of the list counts (a
  // project just created is active before the refreshed list has it), plus a stored id the first list lacks.
  const previousProjects = useRef<ProjectSummary[] | undefined>(undefined);
  useEffect(() => {
    const before = previousProjects.current;
    previousProjects.current = projects;
    if (!projects || projects === before) return;
    const active = panelStore.get().activeProjectId;
    if (isAllProjects(active) || projects.some((project) => project.id === active)) return;
    if (!before || before.some((project) => project.id === active)) panelStore.setActiveProject(allProjectsId);
  }, [projects]);

  useEffect(() => {
    if (!bouncing) return;
    const timer = setTimeout(() => setBouncing(false), bounceMs);
    return () => clearTimeout(timer);
  }, [bouncing]);

  const refresh = useCallback(() => {
    membershipStore.refresh();
    void queryClient.invalidateQueries({ queryKey: projectKeys.all });
  }, [queryClient]);
  const { go } = msf;

  const undo = useCallback(
    async (importId: string): Promise<boolean> => {
      const words = projectMessages.undoing[Math.floor(Math.random() * projectMessages.undoing.length)]!;
      notify(words, { type: 'info' });
      let undone = false;
      try {
        const answer = await undoImport(importId);
        notify(answer.message, { type: 'success' });
        undone = true;
      } catch (error) {
        notify(errorsOf(error).join(' '), { type: 'error' });
      }
      refresh();
      return undone;
    },
    [refresh],
  );

  const report = useCallback(
    (answer: ImportAnswer | QueuedImportAnswer) => {
      // A large import runs as a job: the import-progress view follows it to its outcome (and its Undo).
      if (isQueuedImport(answer)) {
        notify(answer.message, { type: 'info' });
        go('import-progress', { jobId: answer.jobId, ...(answer.projectId ? { projectId: answer.projectId } : {}) });
        return;
      }
      if (answer.hasReachedLimit) {
        notify(answer.message || projectMessages.keywordLimit(answer.usedCount, answer.totalCount), { type: 'error' });
        return;
      }
      const importId = answer.importId;
      notify(answer.message, { type: 'success', ...(importId ? { action: () => void undo(importId), actionText: 'Undo' } : {}) });
      setBouncing(true);
      const current = panelStore.get();
      if (!current.activeGroupId && !current.activeLabelId) go('keyword-list', { projectId: answer.projectId });
    },
    [go, undo],
  );

  const runPending = useCallback(async () => {
    try {
      const list = await queryClient.ensureQueryData({ queryKey: projectKeys.projects(), queryFn: getProjects });
      const answer = await runPendingImport({ store: panelStore, projectIds: list.map((project) => project.id), importKeywords, afterImport: refresh });
      report(answer);
    } catch (error) {
      if (error instanceof PendingImportError) {
        if (error.code === importErrorCodes.noProjects) go('create-project');
        return;
      }
      notify(errorsOf(error).join(' '), { type: 'error' });
    }
  }, [go, queryClient, refresh, report]);

  const addKeywords = useCallback(
    async (terms: string[]) => {
      if (!isFullUser) {
        setSignUpOverlay('keywords');
        return;
      }
      const current = panelStore.get();
      panelStore.set({
        pendingImport: { terms, groupNames: current.activeGroupName ? [current.activeGroupName] : [], labelNames: [], projectId: null },
      });
      await runPending();
    },
    [isFullUser, runPending],
  );

  const importTerms = useCallback(
    async (projectId: string, terms: string[]) => {
      panelStore.set({ pendingImport: { terms, groupNames: [], labelNames: [], projectId } });
      await runPending();
    },
    [runPending],
  );

  const activeProject = projects?.find((project) => project.id === state.activeProjectId) ?? null;
  const value = useMemo<ProjectPanel>(
    () => ({
      msf,
      state,
      isLoggedIn,
      isFullUser,
      projects,
      activeProject,
      bouncing,
      addKeywords,
      runPending,
      importTerms,
      undo,
      refresh,
      setActiveProject: panelStore.setActiveProject,
      signUpOverlay,
      openSignUpOverlay: (purpose: SignUpPurpose = 'keywords') => setSignUpOverlay(purpose),
      closeSignUpOverlay: () => setSignUpOverlay(null),
    }),
    [msf, state, isLoggedIn, isFullUser, projects, activeProject, bouncing, addKeywords, runPending, importTerms, undo, refresh, signUpOverlay],
  );
  return <PanelContext.Provider value={value}>{children}</PanelContext.Provider>;
}
