import { useEffect, useState } from 'react';

/** docs/product/site.md §9: the header hides when scrolling down past this many pixels. */
export const headerHideThresholdPx = 200;
/** docs/product/site.md §9: the scroll position is checked at most this often. */
export const headerScrollThrottleMs = 25;

/**
 * True while the header should be hidden: the page scrolled down and is past 200 px. Scrolling up brings it back.
 * Scroll events are throttled to one check per 25 ms, with a trailing check so the last position always counts.
 */
export function useHideOnScroll(enabled = true, threshold = headerHideThresholdPx, throttleMs = headerScrollThrottleMs): boolean {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    let lastY = window.scrollY;
    let lastCheck = -Infinity;
    let trailing: number | undefined;

    const check = () => {
      lastCheck = Date.now();
      const y = window.scrollY;
      if (y > lastY && y > threshold) setHidden(true);
      else if (y < lastY || y <= threshold) setHidden(false);
      lastY = y;
    };

    const onScroll = () => {
      const wait = throttleMs - (Date.now() - lastCheck);
      if (wait <= 0) {
        window.clearTimeout(trailing);
        trailing = undefined;
        check();
      } else if (trailing === undefined) {
        trailing = window.setTimeout(() => {
          trailing = undefined;
          check();
        }, wait);
      }
    };

    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(trailing);
    };
  }, [enabled, threshold, throttleMs]);

  return enabled && hidden;
}
