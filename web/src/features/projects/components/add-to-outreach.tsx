import { isAllProjects, isQueuedImport, type OutreachImportRow } from '@serpwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ColumnDef } from '@/components/ui/table/columns';
import { notify } from '@/components/ui/notifications';
import { errorsOf } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { projectKeys } from '../api/base';
import { importOutreach } from '../api/project-imports';
import { useOptionalProjectPanel } from '../panel-context';

/** What one research row adds to outreach: a linking page (a link on its website) or a whole website. */
export type OutreachTarget = { url: string } | { domain: string };

const rowOf = (target: OutreachTarget): OutreachImportRow => ('url' in target ? { url: target.url, tags: [] } : { domain: target.domain, tags: [] });
const nameOf = (target: OutreachTarget) => ('url' in target ? target.url : target.domain);
const plural = (count: number, noun: string) => `${formatNumber(count)} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Adds research rows to outreach (issue 24 point 7; docs/product/projects.md §7): one import/OutreachImport into the
 * active project, so one or many rows land together or not at all, and a row already kept is not doubled. Outreach is
 * the full plan's CRM: visitors and free users get the panel's sign-up overlay instead. Answers whether it was saved.
 */
export function useAddToOutreach(): ((targets: OutreachTarget[]) => Promise<boolean>) | null {
  const panel = useOptionalProjectPanel();
  const queryClient = useQueryClient();
  const add = useCallback(
    async (targets: OutreachTarget[]) => {
      if (!panel) return false;
      if (!panel.isFullUser) {
        panel.openSignUpOverlay('outreach');
        return false;
      }
      const projectId = isAllProjects(panel.state.activeProjectId) ? undefined : panel.state.activeProjectId;
      try {
        const answer = await importOutreach(projectId, targets.map(rowOf));
        await queryClient.invalidateQueries({ queryKey: projectKeys.all });
        const where = panel.activeProject?.projectName ?? 'All Projects';
        const said = isQueuedImport(answer)
          ? answer.message
          : answer.websitesAdded + answer.linksAdded === 0
            ? `Already in outreach (${where}).`
            : `Added to outreach (${where}): ${[answer.websitesAdded ? plural(answer.websitesAdded, 'website') : '', answer.linksAdded ? plural(answer.linksAdded, 'link') : ''].filter(Boolean).join(' and ')}.`;
        // Phones have no side panel (projects.css hides .msf below 768 px), so there is nothing to open there.
        const panelShown = window.matchMedia?.('(min-width: 768px)').matches ?? true;
        notify(said, panelShown ? { type: 'success', action: () => panel.msf.go('websites'), actionText: 'Open outreach' } : { type: 'success' });
        return true;
      } catch (error) {
        notify(errorsOf(error).join(' '), { type: 'error' });
        return false;
      }
    },
    [panel, queryClient],
  );
  return panel ? add : null;
}

/** A row's "Add to outreach" button; once saved it says so and stays disabled. */
export function AddToOutreachButton({ target }: { target: OutreachTarget }) {
  const add = useAddToOutreach();
  const [state, setState] = useState<'idle' | 'busy' | 'added'>('idle');
  if (!add) return null;
  const run = async () => {
    setState('busy');
    setState((await add([target])) ? 'added' : 'idle');
  };
  return (
    <button type="button" className="button button--small" aria-label={`Add ${nameOf(target)} to outreach`} disabled={state !== 'idle'} onClick={() => void run()}>
      {state === 'added' ? 'Added' : 'Add'}
    </button>
  );
}

/** The selection bar's action: every ticked row into outreach at once. */
export function AddSelectedToOutreach({ targets, onAdded }: { targets: OutreachTarget[]; onAdded?: () => void }) {
  const add = useAddToOutreach();
  const [busy, setBusy] = useState(false);
  if (!add || targets.length === 0) return null;
  const run = async () => {
    setBusy(true);
    const saved = await add(targets);
    setBusy(false);
    if (saved) onAdded?.();
  };
  return (
    <button type="button" className="button button--small button--primary" disabled={busy} onClick={() => void run()}>
      Add {formatNumber(targets.length)} to outreach
    </button>
  );
}

export function addToOutreachColumn<Row>(targetOf: (row: Row) => OutreachTarget): ColumnDef<Row> {
  return { key: 'addToOutreach', label: 'Outreach', kind: 'text', sortable: false, render: (row) => <AddToOutreachButton target={targetOf(row)} /> };
}
