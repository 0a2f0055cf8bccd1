import { allProjectsId, type ProjectRanksUpdate } from '@serpwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtime, useSocketConnected } from '@/lib/socket';
import { projectKeys } from './base';

/**
 * Keeps an open project view current with rank tracking: a `project.ranks-updated` event for this project (any
 * project for the All Projects bucket) reloads the panel's queries. The event is not a job, so there is no
 * status to poll; after a dropped socket comes back the view reloads once, to catch up on a refresh it missed.
 */
export function useProjectRankUpdates(projectId: string | null): void {
  const client = useQueryClient();
  const socket = useRealtime();
  const connected = useSocketConnected();
  const wasConnected = useRef(connected);

  useEffect(() => {
    if (!projectId) return;
    const onUpdate = (update: ProjectRanksUpdate) => {
      if (projectId === allProjectsId || update.projectId === projectId) void client.invalidateQueries({ queryKey: projectKeys.all });
    };
    socket.on('project.ranks-updated', onUpdate);
    return () => {
      socket.off('project.ranks-updated', onUpdate);
    };
  }, [client, projectId, socket]);

  useEffect(() => {
    if (connected && !wasConnected.current && projectId) void client.invalidateQueries({ queryKey: projectKeys.all });
    wasConnected.current = connected;
  }, [client, connected, projectId]);
}
