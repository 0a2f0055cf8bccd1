import type { JobStatus } from '@serpwise/contracts';
import type { RealtimeConnection } from '../src/lib/socket';

type Listener = (...args: unknown[]) => void;

/** A stand-in for the Socket.IO client: tests decide when it connects, drops and what the server says. */
export class FakeSocket {
  connected: boolean;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(connected: boolean) {
    this.connected = connected;
  }

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  setConnected(connected: boolean) {
    this.connected = connected;
    this.fire(connected ? 'connect' : 'disconnect');
  }

  push(status: JobStatus) {
    this.fire('job.updated', status);
  }

  asConnection(): RealtimeConnection {
    return this as unknown as RealtimeConnection;
  }
}

export function jobStatus(overrides: Partial<JobStatus> = {}): JobStatus {
  return {
    id: '7d1c7a52-3f5d-4c4b-9b53-0c3b4c8f9a10',
    queue: 'diagnostics',
    name: 'diagnostic.run',
    state: 'queued',
    percent: 0,
    message: 'Waiting for a worker…',
    done: 0,
    total: 5,
    attempts: 0,
    result: null,
    error: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    ...overrides,
  };
}

/** jsdom has no fetch Response; the API client reads only ok, status and text(). */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const named = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const answerHeaders = { get: (name: string) => named.get(name.toLowerCase()) ?? null } as Headers;
  return { ok: status >= 200 && status < 300, status, headers: answerHeaders, text: async () => JSON.stringify(body) } as Response;
}
