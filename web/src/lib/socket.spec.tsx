import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeSocket } from '@test/fake-socket';
import { firstConnectGraceMs, RealtimeProvider, useSocketLink } from './socket';

function linkOf(socket: FakeSocket) {
  const wrapper = ({ children }: { children: ReactNode }) => <RealtimeProvider connection={socket.asConnection()}>{children}</RealtimeProvider>;
  return renderHook(() => useSocketLink(), { wrapper });
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('useSocketLink (issue 23: no "Connection lost" while first connecting)', () => {
  it('is connecting on first load, connected once the socket is, and lost only after a drop', () => {
    const socket = new FakeSocket(false);
    const { result } = linkOf(socket);
    expect(result.current).toBe('connecting');
    act(() => socket.setConnected(true));
    expect(result.current).toBe('connected');
    act(() => socket.setConnected(false));
    expect(result.current).toBe('lost');
    act(() => socket.setConnected(true));
    expect(result.current).toBe('connected');
  });

  it('is lost after a failed try', () => {
    const socket = new FakeSocket(false);
    const { result } = linkOf(socket);
    act(() => socket.fire('connect_error', new Error('refused')));
    expect(result.current).toBe('lost');
  });

  it('counts a first try unanswered after the grace period as failed (a WebSocket closed before the handshake says nothing)', () => {
    const socket = new FakeSocket(false);
    const { result } = linkOf(socket);
    act(() => jest.advanceTimersByTime(firstConnectGraceMs - 1));
    expect(result.current).toBe('connecting');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe('lost');
  });

  it('stays connected when the socket connected within the grace period', () => {
    const socket = new FakeSocket(false);
    const { result } = linkOf(socket);
    act(() => socket.setConnected(true));
    act(() => jest.advanceTimersByTime(firstConnectGraceMs * 2));
    expect(result.current).toBe('connected');
  });
});
