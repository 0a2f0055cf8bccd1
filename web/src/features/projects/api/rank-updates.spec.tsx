import { describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Providers } from '@/app/providers';
import { FakeSocket } from '@test/fake-socket';
import { projectKeys } from './base';
import { useProjectRankUpdates } from './rank-updates';

const projectId = '3f0e4c1a-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

function setUp(connected: boolean) {
  const socket = new FakeSocket(connected);
  const client = new QueryClient();
  client.setQueryData(projectKeys.keywords({ projectId }), { keywords: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers client={client} connection={socket.asConnection()}>
      {children}
    </Providers>
  );
  renderHook(() => useProjectRankUpdates(projectId), { wrapper });
  const stale = () => client.getQueryState(projectKeys.keywords({ projectId }))?.isInvalidated ?? false;
  return { socket, stale };
}

const update = (id: string) => ({ projectId: id, month: '2026-11-01', keywords: 2, refreshedAt: '2026-11-22T08:00:00Z' });

describe('useProjectRankUpdates', () => {
  it('reloads the open project when rank tracking says its ranks changed, and ignores other projects', () => {
    const { socket, stale } = setUp(true);
    act(() => socket.fire('project.ranks-updated', update('another-project')));
    expect(stale()).toBe(false);
    act(() => socket.fire('project.ranks-updated', update(projectId)));
    expect(stale()).toBe(true);
  });

  it('catches up once when a dropped socket comes back', () => {
    const { socket, stale } = setUp(false);
    expect(stale()).toBe(false);
    act(() => socket.setConnected(true));
    expect(stale()).toBe(true);
  });
});
