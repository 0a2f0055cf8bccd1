import { z } from 'zod';

/**
 * The research rows' fields that mean the same in every table showing them (docs/research-data.md), declared once.
 * A row takes the ones it has, in its own column order: `z.object({ ...rowFields('keyword', 'volume'), … })`.
 * Null: unknown, or a paid figure withheld from visitors and free users (paid-figures.ts).
 */
const researchRowFields = {
  keyword: z.string(),
  domain: z.string(),
  url: z.string(),
  /** The keyword's monthly searches, its cost per click, paid competition (0–1) and difficulty (0–100) in M. */
  volume: z.number().nullable(),
  cpc: z.number().nullable(),
  competition: z.number().nullable(),
  difficulty: z.number().nullable(),
  /** How many results the search engine reports; null: unknown (no source gave it — a Keyword Planner or Search Console import). */
  resultCount: z.number().nullable(),
  /** A domain's paid side in M: distinct keywords its ads showed for, Σ estimated paid clicks, and their cost. */
  paidKeywords: z.number(),
  paidClicks: z.number().nullable(),
  budget: z.number().nullable(),
  /** An ad's text as shown, and where it leads. */
  headline: z.string(),
  body: z.string(),
  displayUrl: z.string(),
  landingPage: z.string(),
  /** A link: the page it stands on, where it points, its text, and when it was first and last seen (null: live). */
  sourceUrl: z.string(),
  sourceDomain: z.string(),
  targetUrl: z.string(),
  anchor: z.string(),
  nofollow: z.boolean(),
  firstSeen: z.string(),
  lastSeen: z.string().nullable(),
};
type ResearchRowField = keyof typeof researchRowFields;

/** The named fields, in the order given (a row's column order is its schema's key order). */
export const rowFields = <Name extends ResearchRowField>(...names: Name[]): Pick<typeof researchRowFields, Name> =>
  Object.fromEntries(names.map((name) => [name, researchRowFields[name]])) as Pick<typeof researchRowFields, Name>;
