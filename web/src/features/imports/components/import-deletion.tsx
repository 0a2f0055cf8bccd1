import { importDeletionMessages, isFinished, type ImportDeletionStatus, type ImportStatus } from '@serpwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useJobEvents } from '@/lib/use-job-events';
import { importsListKey } from '../api/imports';

/**
 * An import's deletion as its row follows it (issue 19): live over the socket while it runs (the 3-s poll of
 * GET /rest/jobs/:id while the socket is down). Once it completed the row leaves the list; a cancelled or failed one
 * stays on the row with its words until the list is read again.
 */
export function useImportDeletion(item: ImportStatus): ImportDeletionStatus | null {
  const initial = item.deletion ?? null;
  const running = initial !== null && !isFinished(initial.state);
  // No initial data: the hook reads the deletion once when it starts following it, so a deletion that moved on (or
  // ended) between the DELETE's answer and this row's socket listener is caught up at once.
  const { status: latest } = useJobEvents(running ? initial.id : null);
  const deletion = running ? ((latest as ImportDeletionStatus | undefined) ?? initial) : initial;
  const client = useQueryClient();
  const completed = deletion?.state === 'completed';
  useEffect(() => {
    if (completed) client.setQueryData<ImportStatus[]>(importsListKey, (list) => (list ?? []).filter((entry) => entry.id !== item.id));
  }, [client, completed, item.id]);
  return deletion;
}

/** Whether the row's deletion is still waiting or running (the row then offers Cancel, not Delete). */
export const deletionRunning = (deletion: ImportDeletionStatus | null): boolean => deletion !== null && !isFinished(deletion.state);

/** The state cell's words for a deletion: "Deleting… n %" with its bar while it runs, what happened once it stopped. */
export function DeletionState({ deletion }: { deletion: ImportDeletionStatus }) {
  if (deletionRunning(deletion)) {
    return (
      <>
        <span data-testid="deletion-state">Deleting… {deletion.percent} %</span>
        <ProgressBar percent={deletion.percent} label={`Deletion of ${deletion.deletion.fileName}`} />
        {deletion.message && <div className="imports__message">{deletion.message}</div>}
      </>
    );
  }
  if (deletion.state === 'cancelled') return <div className="imports__message">{importDeletionMessages.cancelled}</div>;
  if (deletion.state === 'failed') {
    return (
      <div className="alert alert--error" role="alert">
        The deletion failed: {deletion.error}
      </div>
    );
  }
  return <span data-testid="deletion-state">Deleted</span>;
}
