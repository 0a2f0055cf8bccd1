import type { ClientToServerEvents, ServerToClientEvents } from '@serpwise/contracts';
import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: RealtimeSocket | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** The one socket of the page, opened on first use; it reconnects by itself after a drop. */
export function realtimeSocket(): RealtimeSocket {
  if (!socket) {
    socket = io({ path: '/socket.io', withCredentials: true, reconnectionDelayMax: 5_000 });
    socket.on('connect', notify);
    socket.on('disconnect', notify);
    socket.on('connect_error', notify);
  }
  return socket;
}

function subscribe(listener: () => void): () => void {
  realtimeSocket();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the socket is connected; components re-render when that changes. */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(subscribe, () => realtimeSocket().connected, () => false);
}
