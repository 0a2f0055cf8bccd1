import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notify } from '@/components/ui/notifications';
import { errorsOf } from '@/lib/api-client';
import { projectKeys } from '@/features/projects/api/base';

/**
 * Runs an outreach change: on success the whole panel's queries refresh (lists, details and history all show it);
 * on failure the server's message is shown and `false` answered, so forms keep what the user typed.
 */
export function useOutreachChange() {
  const queryClient = useQueryClient();
  return useCallback(
    async <T,>(call: () => Promise<T>): Promise<T | false> => {
      try {
        const answer = await call();
        await queryClient.invalidateQueries({ queryKey: projectKeys.all });
        return answer;
      } catch (error) {
        notify(errorsOf(error).join(' '), { type: 'error' });
        return false;
      }
    },
    [queryClient],
  );
}
