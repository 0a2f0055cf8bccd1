import type { ClientToServerEvents, ServerToClientEvents } from '@serpwise/contracts';
import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { io, type Socket } from 'socket.io-client';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The socket surface the app uses; tests give a fake with the same shape. */
export type RealtimeConnection = Pick<RealtimeSocket, 'on' | 'off' | 'connected'>;

let pageSocket: RealtimeSocket | null = null;

/** The one socket of the page, opened on first use; it reconnects by itself after a drop. */
export function pageRealtimeSocket(): RealtimeSocket {
  pageSocket ??= io({ path: '/socket.io', withCredentials: true, reconnectionDelayMax: 5_000 });
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
