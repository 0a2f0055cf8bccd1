import { describe, expect, it } from '@jest/globals';
import { renderHook } from '@testing-library/react';
import { useLeaveWarning } from './use-leave-warning';

const leaving = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('useLeaveWarning', () => {
  it('asks before the page is left only while the work is under way', () => {
    const { rerender, unmount } = renderHook(({ active }) => useLeaveWarning(active), { initialProps: { active: false } });
    expect(leaving()).toBe(false);
    rerender({ active: true });
    expect(leaving()).toBe(true);
    rerender({ active: false });
    expect(leaving()).toBe(false);
    rerender({ active: true });
    unmount();
    expect(leaving()).toBe(false);
  });
});
