import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { headerHideThresholdPx, headerScrollThrottleMs, useHideOnScroll } from './use-hide-on-scroll';

function Probe({ enabled = true }: { enabled?: boolean }) {
  return <p data-testid="hidden">{String(useHideOnScroll(enabled))}</p>;
}

const hidden = () => screen.getByTestId('hidden').textContent;
function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });
}
const wait = (ms: number) => act(() => void jest.advanceTimersByTime(ms));

describe('header hide on scroll', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    window.scrollY = 0;
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('hides only when scrolling down past 200 px, and comes back on the way up', () => {
    render(<Probe />);
    scrollTo(headerHideThresholdPx);
    expect(hidden()).toBe('false');
    wait(headerScrollThrottleMs);
    scrollTo(headerHideThresholdPx + 50);
    expect(hidden()).toBe('true');
    wait(headerScrollThrottleMs);
    scrollTo(headerHideThresholdPx + 20);
    expect(hidden()).toBe('false');
  });

  it('checks the position at most every 25 ms, with a trailing check for the last position', () => {
    render(<Probe />);
    scrollTo(300); // first event: checked at once
    expect(hidden()).toBe('true');
    wait(5);
    scrollTo(100); // within 25 ms: not checked yet
    expect(hidden()).toBe('true');
    wait(headerScrollThrottleMs - 6);
    expect(hidden()).toBe('true');
    wait(1);
    expect(hidden()).toBe('false');
  });

  it('stays shown while disabled (the mobile menu is open)', () => {
    render(<Probe enabled={false} />);
    scrollTo(600);
    wait(headerScrollThrottleMs);
    expect(hidden()).toBe('false');
  });
});
