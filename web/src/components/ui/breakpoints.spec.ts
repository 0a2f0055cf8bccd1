import { describe, expect, it } from '@jest/globals';
import { breakpointOf, breakpoints } from './breakpoints';

describe('breakpoints', () => {
  it('are the documented widths', () => {
    expect(breakpoints).toEqual({ xs: 480, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1920 });
  });

  it('name the largest breakpoint a width reaches', () => {
    expect(breakpointOf(375)).toBe('base');
    expect(breakpointOf(479)).toBe('base');
    expect(breakpointOf(480)).toBe('xs');
    expect(breakpointOf(767)).toBe('sm');
    expect(breakpointOf(768)).toBe('md');
    expect(breakpointOf(1279)).toBe('lg');
    expect(breakpointOf(1280)).toBe('xl');
    expect(breakpointOf(2560)).toBe('2xl');
  });
});
