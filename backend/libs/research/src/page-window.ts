import type { PageRequest } from '@serpwise/contracts';

export interface PageWindow {
  limit: number;
  offset: number;
}

/** The LIMIT/OFFSET of a validated page request; research queries page every table through it. */
export function pageWindow(request: PageRequest): PageWindow {
  return { limit: request.pageSize, offset: request.startRow - 1 };
}
