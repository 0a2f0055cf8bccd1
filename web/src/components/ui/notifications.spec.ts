import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { alertMouseleaveTimeoutMs, alertTimeoutMs, createNotificationStore } from './notifications';

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

const contents = (store: ReturnType<typeof createNotificationStore>) => store.getSnapshot().map((entry) => entry.content);

describe('the notification store', () => {
  it('removes a notice after 8000 ms', () => {
    const store = createNotificationStore();
    store.notify('Saved');
    expect(alertTimeoutMs).toBe(8000);
    jest.advanceTimersByTime(7999);
    expect(contents(store)).toEqual(['Saved']);
    jest.advanceTimersByTime(1);
    expect(contents(store)).toEqual([]);
  });

  it('keeps a hovered notice, and removes it 1000 ms after the mouse leaves', () => {
    const store = createNotificationStore();
    const id = store.notify('Saved');
    jest.advanceTimersByTime(7000);
    store.pause(id);
    jest.advanceTimersByTime(60_000);
    expect(contents(store)).toEqual(['Saved']);
    expect(store.getSnapshot()[0]!.paused).toBe(true);
    store.resume(id);
    expect(alertMouseleaveTimeoutMs).toBe(1000);
    jest.advanceTimersByTime(999);
    expect(contents(store)).toEqual(['Saved']);
    jest.advanceTimersByTime(1);
    expect(contents(store)).toEqual([]);
  });

  it('starts the 1000 ms again when the mouse comes back before it runs out', () => {
    const store = createNotificationStore();
    const id = store.notify('Saved');
    store.pause(id);
    store.resume(id);
    jest.advanceTimersByTime(900);
    store.pause(id);
    jest.advanceTimersByTime(5000);
    store.resume(id);
    jest.advanceTimersByTime(999);
    expect(contents(store)).toEqual(['Saved']);
    jest.advanceTimersByTime(1);
    expect(contents(store)).toEqual([]);
  });

  it('honours the timeout and mouseleaveTimeout options, and keeps a notice without a timeout', () => {
    const store = createNotificationStore();
    const quick = store.notify('Quick', { timeout: 2000, mouseleaveTimeout: 300 });
    store.notify('Generating PDF…', { timeout: null });
    jest.advanceTimersByTime(1000);
    store.pause(quick);
    store.resume(quick);
    jest.advanceTimersByTime(300);
    expect(contents(store)).toEqual(['Generating PDF…']);
    jest.advanceTimersByTime(3_600_000);
    expect(contents(store)).toEqual(['Generating PDF…']);
  });

  it('updates a notice in place and starts its clock again (an export becoming ready)', () => {
    const store = createNotificationStore();
    const id = store.notify('Generating PDF…', { timeout: null });
    jest.advanceTimersByTime(20_000);
    const action = jest.fn();
    store.update(id, 'Exported PDF', { type: 'success', timeout: alertTimeoutMs, action, actionText: 'Open PDF in New Tab' });
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ id, content: 'Exported PDF', type: 'success', actionText: 'Open PDF in New Tab', action })]);
    jest.advanceTimersByTime(7999);
    expect(contents(store)).toEqual(['Exported PDF']);
    jest.advanceTimersByTime(1);
    expect(contents(store)).toEqual([]);
  });

  it('dismisses at once, tells subscribers about each change, and ignores unknown ids', () => {
    const store = createNotificationStore();
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.notify('One', { type: 'error' });
    store.notify('Two');
    expect(store.getSnapshot().map((entry) => entry.type)).toEqual(['error', 'info']);
    store.dismiss(id);
    expect(contents(store)).toEqual(['Two']);
    store.dismiss('nope');
    store.pause('nope');
    store.update('nope', 'x');
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(3);
    expect(contents(store)).toEqual([]);
  });
});
