import type { Viewer } from '../tables/research-table.js';

/**
 * One paywall (issue 24, docs/decisions.md "One paywall"): the figures only full users see, wherever they appear —
 * in every table, overview, chart and card. A visitor or free user gets null for each (never a zero), and the page
 * shows the lock in its place.
 */
export const paidFigures = ['cpc', 'value', 'budget', 'paidClicks', 'estimatedBudget'] as const;
export type PaidFigure = (typeof paidFigures)[number];

const paidFigureSet: ReadonlySet<string> = new Set(paidFigures);
export const isPaidFigure = (key: string): key is PaidFigure => paidFigureSet.has(key);

/** An answer's point (a month, a row) with its paid figures null for a viewer who may not see them. */
export function withheldFor<Point extends object>(viewer: Viewer, point: Point): Point {
  if (viewer === 'full') return point;
  const shown = { ...point } as Record<string, unknown>;
  for (const key of Object.keys(shown)) if (isPaidFigure(key)) shown[key] = null;
  return shown as Point;
}

/** An overview (newest month and monthly history) with every month's paid figures withheld as for withheldFor. */
export function historyWithheldFor<Month extends object, Overview extends { latest: Month | null; history: Month[] }>(viewer: Viewer, overview: Overview): Overview {
  return { ...overview, latest: overview.latest && withheldFor(viewer, overview.latest), history: overview.history.map((point) => withheldFor(viewer, point)) };
}
