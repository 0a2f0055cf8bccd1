import { isAllProjects } from '@serpwise/contracts';
import { useState } from 'react';
import type { ColumnDef } from '@/components/ui/table/columns';
import { notify } from '@/components/ui/notifications';
import { errorsOf } from '@/lib/api-client';
import { deleteKeywordsFromProject } from '../api/keywords';
import { membershipStore, useTermMembership } from '../membership';
import { useOptionalProjectPanel } from '../panel-context';

/** A research row's button (docs/product/projects.md §2): 'Add' when the term is not in the active project, else 'Added/Remove'. */
export function AddKeywordToggle({ term }: { term: string }) {
  const panel = useOptionalProjectPanel();
  const membership = useTermMembership(term, Boolean(panel?.isFullUser));
  const [busy, setBusy] = useState(false);
  if (!panel) return null;
  const projectId = panel.state.activeProjectId;
  const inProject = membership ? (isAllProjects(projectId) ? membership.projectIds.length > 0 : membership.projectIds.includes(projectId)) : false;
  const removable = inProject && membership?.termId && !isAllProjects(projectId);
  const onClick = async () => {
    setBusy(true);
    try {
      if (removable) {
        const answer = await deleteKeywordsFromProject(projectId, [membership.termId!]);
        if (answer.message) notify(answer.message, { type: 'success' });
      } else await panel.addKeywords([term]);
    } catch (error) {
      notify(errorsOf(error).join(' '), { type: 'error' });
    } finally {
      membershipStore.refresh();
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`button button--small${inProject ? ' msf-added' : ''}`}
      aria-label={inProject ? `Added: remove ${term}` : `Add ${term} to project`}
      disabled={busy || (inProject && !removable)}
      onClick={() => void onClick()}
    >
      {inProject ? 'Added/Remove' : 'Add'}
    </button>
  );
}

/** The column research tables append for the toggle. */
export function addToProjectColumn<Row>(termOf: (row: Row) => string): ColumnDef<Row> {
  return { key: 'msfAdd', label: 'Project', kind: 'text', sortable: false, render: (row) => <AddKeywordToggle term={termOf(row)} /> };
}
