import { plans } from '../accounts/billing.js';

/** The empty project id (docs/product/projects.md §9): the All Projects bucket. */
export const allProjectsId = '00000000-0000-0000-0000-000000000000';
export const isAllProjects = (id: string | null | undefined) => !id || id === allProjectsId;

/** docs/product/projects.md §9 and our limits (docs/decisions.md, "Projects"). */
/** The `purpose` a rank-tracking run's data source carries (worker rank-refresh.task.ts), and how far back its refreshes count as this week's tracking. */
export const rankTracking = { sourcePurpose: 'rank-tracking', weeklyWindowDays: 7 } as const;

export const projectLimits = {
  keywordListDefaultPageSize: 250,
  keywordListDefaultStartRow: 1,
  maxColumns: 5,
  minColumns: 1,
  defaultGroupsToFetch: 16,
  navigationGroups: 3,
  /** The project selector (docs/product/projects.md §9): opens after 200 ms of hover, closes 300 ms after, shows 4 recent projects. */
  selectorOpenDelayMs: 200,
  selectorCloseDelayMs: 300,
  selectorRecentProjects: 4,
  textareaMaxLength: 1770,
  stars: 3,
  /**
   * Keyword imports of more than 1,000 terms run as a job (docs/decisions.md, "Imports as jobs"); smaller ones answer
   * at once with termIdsCsv and Undo. One import is capped by the largest allowance (Professional, 15,000).
   */
  keywordImportJobThreshold: 1000,
  maxKeywordsPerImport: plans.professional.trackedKeywords,
  /** Outreach imports of more than 200 rows run as a job; one import is at most 10,000 rows. */
  outreachImportJobThreshold: 200,
  maxOutreachImportRows: 10_000,
  maxTermIdsPerCall: plans.professional.trackedKeywords,
  maxTags: 20,
  maxTagLength: 50,
  maxHistoryRows: 200,
} as const;

/** The tracked keywords allowance of a full plan (docs/product/projects.md §9): Basic 5,000, Professional 15,000. */
export const trackedKeywordAllowance = (plan: 'basic' | 'professional') => plans[plan].trackedKeywords;

/** Keyword-universe columns (docs/product/projects.md §2), with whether they show by default. */
export const keywordColumns = [
  { id: 'costPerClick', shown: true },
  { id: 'monthlySearches', shown: true },
  { id: 'currentRank', shown: true },
  { id: 'clickChange', shown: true },
  { id: 'rankingDifficulty', shown: false },
] as const;
/** Extra columns in the keywords context (docs/product/projects.md §2). */
export const keywordContextColumns = [
  { id: 'groups', shown: true },
  { id: 'labels', shown: false },
] as const;
export const columnContexts = ['labels', 'groups', 'keywords'] as const;
export const matchTypes = ['broad', 'phrase', 'exact'] as const;
export type MatchType = (typeof matchTypes)[number];

/**
 * The column picker's rule (docs/product/projects.md §5): at most 5 and at least 1 visible column; null when the choice is allowed,
 * else the documented message.
 */
export function columnChoiceError(visibleColumns: readonly string[]): string | null {
  if (visibleColumns.length > projectLimits.maxColumns) return 'You may only have 5 columns displayed at a time';
  if (visibleColumns.length < projectLimits.minColumns) return 'You must have at least one column displayed';
  return null;
}

/**
 * The tag input's rules (docs/product/projects.md §5): trimmed; blanks ignored; a repeat (ignoring case) is rejected and the existing tag
 * flagged; too long is invalid. Answers the kept tags and what the input should flash.
 */
export function normaliseTags(input: readonly string[]): { tags: string[]; duplicates: string[]; invalid: string[] } {
  const tags: string[] = [];
  const duplicates: string[] = [];
  const invalid: string[] = [];
  for (const raw of input) {
    const text = raw.trim();
    if (!text) continue;
    if (text.length > projectLimits.maxTagLength) invalid.push(text);
    else if (tags.some((tag) => tag.toLowerCase() === text.toLowerCase())) duplicates.push(text);
    else tags.push(text);
  }
  return { tags, duplicates, invalid };
}
