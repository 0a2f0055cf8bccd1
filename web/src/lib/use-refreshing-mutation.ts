import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A mutation of a list the page shows: when it succeeds, the list under `listKey` is read again. */
export function useRefreshingMutation<Variables, Result>(listKey: QueryKey, mutationFn: (variables: Variables) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: listKey }) });
}
