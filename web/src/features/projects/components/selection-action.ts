import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '@/components/ui/notifications';
import { errorsOf } from '@/lib/api-client';
import { projectKeys } from '../api/base';

/**
 * An action on the selected rows of a panel list (delete groups or labels; move, label or delete keywords): busy while
 * it runs, then the answer's message (if any) as a success notice, the selection cleared and the project's data
 * reloaded; a refusal shows as an error notice. The delete confirmation closes either way.
 */
export function useSelectionAction(clearSelection: () => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const run = async (work: () => Promise<{ message?: string } | void>) => {
    setBusy(true);
    try {
      const answer = await work();
      if (answer?.message) notify(answer.message, { type: 'success' });
      clearSelection();
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    } catch (error) {
      notify(errorsOf(error).join(' '), { type: 'error' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return { busy, confirming, setConfirming, run };
}
