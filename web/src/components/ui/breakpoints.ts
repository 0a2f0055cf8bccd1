import { useSyncExternalStore } from 'react';

/**
 * The documented breakpoints (docs/product/site.md §9, docs/product/account-exports-reports.md §9): the minimum viewport width, in CSS pixels, at which each
 * one starts. Styles are mobile-first (the base rules are for phones, 375 px and up) and widen at these widths;
 * CSS media queries cannot read variables, so ui.css repeats the numbers.
 */
export const breakpoints = { xs: 480, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1920 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** Window resizes are read at most every 250 ms (docs/product/site.md §9 "window resize debounce"). */
export const resizeDebounceMs = 250;

/** The largest breakpoint a width has reached; 'base' below xs (phones). */
export function breakpointOf(width: number): Breakpoint | 'base' {
  let reached: Breakpoint | 'base' = 'base';
  for (const [name, min] of Object.entries(breakpoints) as [Breakpoint, number][]) if (width >= min) reached = name;
  return reached;
}

function subscribeToResize(onChange: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, resizeDebounceMs);
  };
  window.addEventListener('resize', onResize);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('resize', onResize);
  };
}

/** The current breakpoint, following window resizes (debounced). */
export function useBreakpoint(): Breakpoint | 'base' {
  return useSyncExternalStore(subscribeToResize, () => breakpointOf(window.innerWidth), () => 'base');
}
