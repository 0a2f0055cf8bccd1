import { describe, expect, it } from '@jest/globals';
import { pageRequestSchema } from '@serpwise/contracts';
import { pageWindow } from './page-window.js';

describe('pageWindow', () => {
  it('starts at row 1 with 20 rows by default', () => {
    expect(pageWindow(pageRequestSchema.parse({}))).toEqual({ limit: 20, offset: 0 });
  });
  it('maps a 1-based start row to an offset', () => {
    expect(pageWindow(pageRequestSchema.parse({ startRow: '101', pageSize: '50' }))).toEqual({ limit: 50, offset: 100 });
  });
  it('refuses page sizes that are not offered and start rows below 1', () => {
    expect(pageRequestSchema.safeParse({ pageSize: 30 }).error?.issues[0]?.message).toBe('The page size must be one of 20, 50, 100, 250, 500, 1000.');
    expect(pageRequestSchema.safeParse({ startRow: 0 }).error?.issues[0]?.message).toBe('The start row must be 1 or more.');
  });
});
