import type { ClientToServerEvents, ServerToClientEvents } from '@serpwise/contracts';
import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { io, type Socket } from 'socket.io-client';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The socket surface the app uses; tests give a fake with the same shape. */
export type RealtimeConnection = Pick<RealtimeSocket, 'on' | 'off' | 'connected'>;

let pageSocket: RealtimeSocket | null = null;

/**
 * The one socket of the page, opened on first use; it reconnects by itself after a drop. WebSocket first, so any load
 * balancer works without sticky sessions (docs/deployment.md, "Scaling out"); HTTP long-polling only where a proxy
 * refuses WebSocket (tryAllTransports), and the job notices' 3-s poll when neither gets through.
 */
export function pageRealtimeSocket(): RealtimeSocket {
  if (!pageSocket) {
    pageSocket = io({ path: '/socket.io', withCredentials: true, reconnectionDelayMax: 5_000, transports: ['websocket', 'polling'], tryAllTransports: true });
    // From its first try: a failure before any page asks is still known.
    trackFailures(pageSocket);
  }
  return pageSocket;
}

const RealtimeContext = createContext<(() => RealtimeConnection) | null>(null);

export function RealtimeProvider({ connection, children }: { connection?: RealtimeConnection; children: ReactNode }) {
  const value = connection ? () => connection : pageRealtimeSocket;
  return createElement(RealtimeContext.Provider, { value }, children);
}

export function useRealtime(): RealtimeConnection {
  const get = useContext(RealtimeContext) ?? pageRealtimeSocket;
  return get();
}

/**
 * The socket's link as a page tells it: 'connecting' from the first try until it connects or fails, 'lost' after a
 * failed try, a drop, or a first try still unanswered after firstConnectGraceMs (until it connects again). A page on
 * first load is 'connecting', not 'lost': the 3-s poll runs in both, but "Connection lost" is said only when a
 * connection really failed or dropped.
 */
export type SocketLink = 'connected' | 'connecting' | 'lost';

/**
 * How long the first try may take before it counts as failed. A socket whose WebSocket is closed before the handshake
 * (a proxy that drops it) reports nothing until its own 20-s time-out; by then the page would have polled for 20 s
 * while saying "Connecting…". A healthy connect takes well under a second.
 */
export const firstConnectGraceMs = 5_000;

interface LinkState {
  /** A try failed or the link dropped since the socket was last connected. */
  failed: boolean;
  listeners: Set<() => void>;
}

// Per socket, kept outside React, so a page opened after a drop still says 'lost'.
const links = new WeakMap<RealtimeConnection, LinkState>();

function trackFailures(socket: RealtimeConnection): LinkState {
  const known = links.get(socket);
  if (known) return known;
  const state: LinkState = { failed: false, listeners: new Set() };
  links.set(socket, state);
  const set = (failed: boolean) => {
    state.failed = failed;
    for (const listener of state.listeners) listener();
  };
  socket.on('connect', () => set(false));
  socket.on('disconnect', () => set(true));
  socket.on('connect_error', () => set(true));
  if (!socket.connected) setTimeout(() => !socket.connected && set(true), firstConnectGraceMs);
  return state;
}

export function socketLinkOf(socket: RealtimeConnection): SocketLink {
  if (socket.connected) return 'connected';
  return links.get(socket)?.failed ? 'lost' : 'connecting';
}

/** The socket's link ('connected', 'connecting', 'lost'); components re-render when it changes. */
export function useSocketLink(): SocketLink {
  const socket = useRealtime();
  const state = trackFailures(socket);
  return useSyncExternalStore(
    (listener) => {
      socket.on('connect', listener);
      socket.on('disconnect', listener);
      state.listeners.add(listener);
      return () => {
        socket.off('connect', listener);
        socket.off('disconnect', listener);
        state.listeners.delete(listener);
      };
    },
    () => socketLinkOf(socket),
    () => 'connecting',
  );
}

/** True while the socket is connected; components re-render when that changes. */
export function useSocketConnected(): boolean {
  const socket = useRealtime();
  return useSyncExternalStore(
    (listener) => {
      socket.on('connect', listener);
      socket.on('disconnect', listener);
      socket.on('connect_error', listener);
      return () => {
        socket.off('connect', listener);
        socket.off('disconnect', listener);
        socket.off('connect_error', listener);
      };
    },
    () => socket.connected,
    () => false,
  );
}
