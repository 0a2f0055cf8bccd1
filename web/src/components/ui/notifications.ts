import { useSyncExternalStore, type ReactNode } from 'react';
import type { IconName } from './icons/icon-shapes';

/** An alert leaves after this long (docs/product/account-exports-reports.md §4, §9). */
export const alertTimeoutMs = 8000;
/** …and this long after the mouse leaves it, when hovering had paused it. */
export const alertMouseleaveTimeoutMs = 1000;

export type NotificationType = 'info' | 'success' | 'warning' | 'error';

/** The documented alert options (docs/product/account-exports-reports.md §3 Alert: content plus options). */
export interface NotificationOptions {
  type?: NotificationType;
  /** Milliseconds before it leaves by itself; null keeps it until it is dismissed or updated ('Generating PDF…'). */
  timeout?: number | null;
  /** Milliseconds before it leaves once the mouse has left it. */
  mouseleaveTimeout?: number;
  /**
   * What its button does: a function, or an address opened in a new tab. An address is rendered as a real link
   * so that opening a PDF is a click on a link, which pop-up blockers let through.
   */
  action?: (() => void) | string;
  actionText?: string;
  actionIcon?: IconName;
}

export interface Notification {
  id: string;
  content: ReactNode;
  type: NotificationType;
  timeout: number | null;
  mouseleaveTimeout: number;
  action?: (() => void) | string;
  actionText?: string;
  actionIcon?: IconName;
  /** The mouse (or keyboard focus) is on it: it does not leave. */
  paused: boolean;
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;

/**
 * The in-page notifications ("alerts"): anything may push one with notify(); each leaves after its timeout (8000
 * ms), hovering pauses that, and it leaves mouseleaveTimeout (1000 ms) after the mouse leaves. A notice that changes
 * (an export becoming ready) is updated in place and its clock starts again.
 */
export function createNotificationStore() {
  let list: readonly Notification[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const emit = () => listeners.forEach((listener) => listener());
  const stopClock = (id: string) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
  };
  const startClock = (id: string, ms: number | null) => {
    stopClock(id);
    if (ms === null || ms <= 0) return;
    timers.set(
      id,
      setTimeout(() => dismiss(id), ms),
    );
  };
  const change = (id: string, patch: Partial<Notification>) => {
    list = list.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry));
    emit();
  };
  const find = (id: string) => list.find((entry) => entry.id === id);

  function notify(content: ReactNode, options: NotificationOptions = {}): string {
    counter += 1;
    const id = `notification-${counter}`;
    const entry: Notification = {
      id,
      content,
      type: options.type ?? 'info',
      timeout: options.timeout === undefined ? alertTimeoutMs : options.timeout,
      mouseleaveTimeout: options.mouseleaveTimeout ?? alertMouseleaveTimeoutMs,
      action: options.action,
      actionText: options.actionText,
      actionIcon: options.actionIcon,
      paused: false,
    };
    list = [...list, entry];
    startClock(id, entry.timeout);
    emit();
    return id;
  }

  /** Replaces the content and any given options; the clock starts again unless the notice is hovered. */
  function update(id: string, content: ReactNode, options: NotificationOptions = {}) {
    const entry = find(id);
    if (!entry) return;
    const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<Notification>;
    const next = { ...entry, ...defined, content };
    change(id, next);
    if (!next.paused) startClock(id, next.timeout);
  }

  function dismiss(id: string) {
    stopClock(id);
    if (!find(id)) return;
    list = list.filter((entry) => entry.id !== id);
    emit();
  }

  /** The mouse entered: it stays while hovered. */
  function pause(id: string) {
    const entry = find(id);
    if (!entry || entry.paused) return;
    stopClock(id);
    change(id, { paused: true });
  }

  /** The mouse left: it leaves after mouseleaveTimeout (unless it is a notice that stays until updated). */
  function resume(id: string) {
    const entry = find(id);
    if (!entry || !entry.paused) return;
    change(id, { paused: false });
    startClock(id, entry.timeout === null ? null : entry.mouseleaveTimeout);
  }

  function clear() {
    for (const id of timers.keys()) stopClock(id);
    list = [];
    emit();
  }

  return {
    notify,
    update,
    dismiss,
    pause,
    resume,
    clear,
    getSnapshot: () => list,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one notification store; features push notices with `notify(...)`. */
export const notifications = createNotificationStore();
export const notify = notifications.notify;

/** The notices of a store (the app's by default), re-rendering when they change. */
export function useNotifications(store: NotificationStore = notifications): readonly Notification[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
