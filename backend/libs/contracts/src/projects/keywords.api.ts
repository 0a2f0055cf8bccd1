import { z } from 'zod';
import { pageSizes } from '../tables/pagination.js';
import { territoryCodes } from '../research/territories.js';
import {
  groupHashField,
  labelHashField,
  nameCsvField,
  nameField,
  nsaCall,
  projectIdField,
  termIdsCsvField,
  uuidCsvField,
} from './common.js';
import { projectLimits } from './limits.js';
import { projectMessages } from './messages.js';

/** Saved keywords under /NsaApi/MySerpwise/Keywords (docs/product/projects.md §3, §7). */

// ---------------------------------------------------------------- keyword universe list

export const keywordSortColumns = [
  'keyword',
  'monthlySearches',
  'costPerClick',
  'currentRank',
  'rankChange',
  'clickChange',
  'rankingDifficulty',
  'groups',
  'labels',
  'addedAt',
] as const;
export type KeywordSortColumn = (typeof keywordSortColumns)[number];

export const getKeywordListQuerySchema = nsaCall({
  projectId: projectIdField,
  /** The domain whose ranks fill currentRank / rankChange / clickChange; the project's primary domain by default. */
  projectDomain: z.string().max(2048).optional(),
  filterTerm: z.string().max(200).optional(),
  sortColumn: z.enum(keywordSortColumns, { message: `Sort by one of ${keywordSortColumns.join(', ')}.` }).optional(),
  sortOrder: z.enum(['asc', 'desc'], { message: 'The sort order is asc or desc.' }).optional(),
  /** Unset: unknown values last in both directions (docs/decisions.md, issue 19). */
  emptyValues: z.enum(['high', 'low']).optional(),
  rowsToDisplay: z.coerce
    .number()
    .int()
    .refine((size) => (pageSizes as readonly number[]).includes(size), `rowsToDisplay must be one of ${pageSizes.join(', ')}.`)
    .default(projectLimits.keywordListDefaultPageSize),
  startRow: z.coerce.number().int().min(1, 'The start row must be 1 or more.').default(projectLimits.keywordListDefaultStartRow),
  groupHash: groupHashField.optional(),
  labelHash: labelHashField.optional(),
});
export type GetKeywordListQuery = z.infer<typeof getKeywordListQuerySchema>;

/** A row of the keyword universe (docs/product/projects.md §3 "Keyword row"). Metrics are null when the warehouse does not know the term. */
export interface KeywordRow {
  termId: number;
  keyword: string;
  monthlySearches: number | null;
  costPerClick: number | null;
  rankingDifficulty: number | null;
  /** The domain's best organic position in the newest month (null: not in the top 20). */
  currentRank: number | null;
  previousRank: number | null;
  /** previousRank − currentRank: positive is an improvement. */
  rankChange: number | null;
  /** Estimated organic clicks this month minus the month before. */
  clickChange: number | null;
  groupsCsv: string;
  groupCount: number;
  labelsCsv: string;
  labelCount: number;
  addedAt: string;
}

export interface KeywordListAnswer {
  keywords: KeywordRow[];
  totalRowCount: number;
  /** The month the metrics are from (YYYY-MM-DD), null when the warehouse has none for the territory. */
  month: string | null;
  /** The month rankChange and clickChange compare against (the one before `month`), null without data. */
  comparedTo: string | null;
  projectDomain: string;
}

/** Keywords/Keywords/GetKeywordDetails (ours: the keyword-details panel route of docs/product/projects.md §2). */
export const keywordDetailsQuerySchema = nsaCall({
  projectId: projectIdField,
  termId: z.coerce.number({ message: 'The term id must be a number.' }).int('The term id must be a whole number.').positive('The term id must be a number above 0.'),
});
export interface KeywordDetailsAnswer {
  projectId: string;
  projectDomain: string;
  territory: string;
  keyword: KeywordRow;
  month: string | null;
  comparedTo: string | null;
  groups: { groupHash: string; name: string }[];
  labels: { labelHash: string; labelName: string }[];
  /** The project domain's best organic position for the keyword, a point per month over the last 12 (null: not in the top 20). */
  rankHistory: { month: string; position: number | null }[];
}

// ---------------------------------------------------------------- membership, count, search

/** KeywordTracking/GetTracking: the term membership check (docs/product/projects.md §3). The all-zeros projectId checks every project. */
export const getTrackingQuerySchema = nsaCall({
  projectId: projectIdField,
  groupHash: groupHashField.optional(),
  labelHash: labelHashField.optional(),
  termIdsCsv: termIdsCsvField,
});
export interface TermMembership {
  termId: number;
  hasKeyword: boolean;
}

export const keywordCountQuerySchema = nsaCall({});
/** The keyword count widget (docs/product/projects.md §3): totalCount is the allowance; usedCount the sum of the three parts. */
export const keywordCountAnswerSchema = z.object({
  totalCount: z.number(),
  usedCount: z.number(),
  mySerpwiseCount: z.number(),
  keywordRankingReportCount: z.number(),
  weeklyTrackingCount: z.number(),
});
export type KeywordCountAnswer = z.infer<typeof keywordCountAnswerSchema>;

/** ProjectActions/SearchProjectsForTerms: which of the caller's projects hold each term. */
export const searchProjectsForTermsBodySchema = nsaCall({
  terms: z.array(z.string().max(500)).max(projectLimits.maxKeywordsPerImport).optional(),
  termCsv: z.string().max(500_000).optional(),
  termIdsCsv: termIdsCsvField.optional(),
}).refine((body) => body.terms !== undefined || body.termCsv !== undefined || body.termIdsCsv !== undefined, {
  message: 'Send terms, termCsv or termIdsCsv.',
});
export interface TermProjects {
  termId: number | null;
  /** Null for a term id the caller does not track. */
  term: string | null;
  projects: { projectId: string; projectName: string }[];
}

// ---------------------------------------------------------------- groups

export const getGroupsQuerySchema = nsaCall({
  projectId: projectIdField,
  filter: z.string().max(200).optional(),
  startRow: z.coerce.number().int().min(1, 'The start row must be 1 or more.').default(1),
  rowsToDisplay: z.coerce.number().int().min(1).max(1000, 'rowsToDisplay is at most 1000.').default(projectLimits.defaultGroupsToFetch),
});
export interface GroupRow {
  groupHash: string;
  name: string;
  projectId: string;
  numberOfKeywords: number;
  /** Sum of the keywords' rank changes against the month before. */
  rankChange: number;
  clickChange: number;
  /** Fraction 0–1. */
  impressionShare: number;
}
export interface GroupsAnswer {
  groups: GroupRow[];
  totalRowCount: number;
  /** The month rankChange and clickChange compare against (the one before the newest), null without data. */
  comparedTo: string | null;
}

export const groupDetailsQuerySchema = nsaCall({ projectId: projectIdField, groupHash: groupHashField });
export interface GroupDetails {
  estClickChange: number;
  rankChange: number;
  newlyRankedKeywords: number;
  improvedRanks: number;
  lostRanks: number;
  organicCount: number;
  paidCount: number;
  bothCount: number;
  /** Fractions 0–1. */
  impressionShare: number;
  topOfPagePct: number;
}
export interface MonthValue {
  month: string;
  value: number;
}
export interface GroupDetailsAnswer {
  groupHash: string;
  name: string;
  projectId: string;
  numberOfKeywords: number;
  groupDetails: GroupDetails;
  estClickChangeHistory: MonthValue[];
  impressionShareHistory: MonthValue[];
}

export const addGroupQuerySchema = nsaCall({
  projectId: projectIdField,
  name: nameField(projectMessages.groupNameRequired),
  /** The selected keywords to move into the new group (docs/product/projects.md §7: "the selected keywords are then moved into it"). */
  termIdsCsv: termIdsCsvField.optional(),
});
export interface AddGroupAnswer {
  status: 'Group created';
  groupHash: string;
  name: string;
  message: string;
  movedCount: number;
}

export const renameGroupQuerySchema = nsaCall({
  projectId: projectIdField,
  groupHash: groupHashField,
  name: nameField(projectMessages.groupNameRequired),
});

/** One group by groupHash, or several by groupHashCsv (docs/product/projects.md §4). */
export const deleteGroupQuerySchema = nsaCall({
  projectId: projectIdField,
  groupHash: groupHashField.optional(),
  groupHashCsv: uuidCsvField('groupHashCsv').optional(),
}).transform((query, context) => {
  const hashes = [...new Set([...(query.groupHash ? [query.groupHash.toLowerCase()] : []), ...(query.groupHashCsv ?? [])])];
  if (!hashes.length) context.addIssue({ code: 'custom', message: 'Name the group: groupHash or groupHashCsv.' });
  return { projectId: query.projectId, groupHashes: hashes };
});

export const groupRemoveKeywordsBodySchema = nsaCall({ projectId: projectIdField.optional(), groupHash: groupHashField, termIdsCsv: termIdsCsvField });

// ---------------------------------------------------------------- labels

export const getLabelsQuerySchema = nsaCall({ projectId: projectIdField });
export interface LabelRow {
  labelHash: string;
  labelName: string;
  numberOfKeywords: number;
}
export const deleteLabelsBodySchema = nsaCall({
  projectId: projectIdField,
  labelHash: labelHashField.optional(),
  labelHashCsv: uuidCsvField('labelHashCsv').optional(),
}).transform((body, context) => {
  const hashes = [...new Set([...(body.labelHash ? [body.labelHash.toLowerCase()] : []), ...(body.labelHashCsv ?? [])])];
  if (!hashes.length) context.addIssue({ code: 'custom', message: 'Name the label: labelHash or labelHashCsv.' });
  return { projectId: body.projectId, labelHashes: hashes };
});
export const labelKeywordsBodySchema = nsaCall({
  projectId: projectIdField,
  labelName: nameField(projectMessages.labelNameRequired),
  termIdsCsv: termIdsCsvField,
});

// ---------------------------------------------------------------- keyword actions

export const deleteKeywordsBodySchema = nsaCall({ projectId: projectIdField, termIdsCsv: termIdsCsvField });

const importTerms = {
  /** One keyword per line (docs/product/projects.md §5); commas also separate. */
  termCsv: z.string().max(2_000_000).optional(),
  terms: z.array(z.string().max(500)).max(projectLimits.maxKeywordsPerImport * 2).optional(),
  /** The keywords-import payload: items naming the keyword as keyword or term (docs/product/projects.md §7). */
  keywords: z
    .array(z.object({ keyword: z.string().max(500).optional(), term: z.string().max(500).optional() }).strict())
    .max(projectLimits.maxKeywordsPerImport * 2)
    .optional(),
  groupNameCsv: nameCsvField('groupNameCsv').optional(),
  groupNames: z.array(z.string().max(120)).max(100).optional(),
  labelNameCsv: nameCsvField('labelNameCsv').optional(),
  labelNames: z.array(z.string().max(120)).max(100).optional(),
};

const mergeNames = (...lists: (string[] | undefined)[]) => {
  const names: string[] = [];
  for (const name of lists.flat()) {
    const text = (name ?? '').trim().replace(/\s+/g, ' ');
    if (text && !names.some((known) => known.toLowerCase() === text.toLowerCase())) names.push(text);
  }
  return names;
};

/** The texts of an import payload, before splitting into terms. */
const importTexts = (body: { termCsv?: string; terms?: string[]; keywords?: { keyword?: string; term?: string }[] }) => [
  ...(body.termCsv !== undefined ? [body.termCsv] : []),
  ...(body.terms ?? []),
  ...(body.keywords ?? []).map((item) => item.keyword ?? item.term ?? ''),
];

export const importKeywordsBodySchema = nsaCall({ projectId: projectIdField.optional(), ...importTerms }).transform((body) => ({
  projectId: body.projectId,
  texts: importTexts(body),
  groupNames: mergeNames(body.groupNameCsv, body.groupNames),
  labelNames: mergeNames(body.labelNameCsv, body.labelNames),
}));
export type ImportKeywordsBody = z.infer<typeof importKeywordsBodySchema>;

export const newProjectImportBodySchema = nsaCall({
  projectName: z.string().max(500),
  primaryDomainName: z.string().max(2048),
  territory: z.enum(territoryCodes, { message: 'Choose one of the supported territories.' }).default('US'),
  ...importTerms,
}).transform((body, context) => {
  const name = body.projectName.trim().replace(/\s+/g, ' ');
  if (!name) context.addIssue({ code: 'custom', path: ['projectName'], message: projectMessages.projectNameRequired });
  if (name.length > 120) context.addIssue({ code: 'custom', path: ['projectName'], message: 'A project name is at most 120 characters.' });
  return {
    projectName: name,
    primaryDomainName: body.primaryDomainName.trim(),
    territory: body.territory,
    texts: importTexts(body),
    groupNames: mergeNames(body.groupNameCsv, body.groupNames),
    labelNames: mergeNames(body.labelNameCsv, body.labelNames),
  };
});
export type NewProjectImportBody = z.infer<typeof newProjectImportBodySchema>;

/** The import answer (docs/product/projects.md §3 "Keyword import … Response"), plus what Undo needs. */
export interface ImportAnswer {
  hasReachedLimit: boolean;
  /** Terms this import added to the project or to a named group. */
  termCount: number;
  alreadyActiveTerms: string[];
  /** Every imported term's id, in the order of the terms sent (so the client can map terms to ids). */
  termIdsCsv: string;
  /** Groups this import created. */
  groupHashCsv: string;
  /** Null when nothing was added (nothing to undo). */
  importId: string | null;
  projectId: string;
  message: string;
  usedCount: number;
  totalCount: number;
}

/**
 * The answer of an import too large to finish within the request (more than projectLimits.keywordImportJobThreshold
 * terms, or outreachImportJobThreshold rows): HTTP 202, the import runs as the job jobId; its status (GET
 * /rest/jobs/:id, socket job.updated) ends with the ImportAnswer (or OutreachImportAnswer) as its result.
 */
export interface QueuedImportAnswer {
  isQueued: true;
  jobId: string;
  /** The project it imports into (null: the All Projects bucket of outreach). */
  projectId: string | null;
  /** Distinct keywords (or rows) the job will import. */
  itemCount: number;
  message: string;
}
export const isQueuedImport = (answer: object): answer is QueuedImportAnswer => (answer as Partial<QueuedImportAnswer>).isQueued === true;

export const undoImportBodySchema = nsaCall({ importId: z.uuid('The import id must be a UUID.') });
export interface UndoImportAnswer {
  isSuccessful: true;
  removedTermCount: number;
  removedGroupCount: number;
  message: string;
}

export const migrateToGroupBodySchema = nsaCall({
  projectId: projectIdField,
  newGroupHash: groupHashField,
  termIdsCsv: termIdsCsvField,
  /** The group the keywords leave (the active group), if any. */
  groupHash: groupHashField.optional(),
});

export const migrateToProjectBodySchema = nsaCall({
  newProjectId: projectIdField,
  termIdsCsv: termIdsCsvField,
  /** The project the keywords leave; without it they are copied. */
  projectId: projectIdField.optional(),
});

export interface KeywordActionAnswer {
  isSuccessful: true;
  count: number;
  message: string;
}

export interface MigrateToProjectAnswer {
  isSuccessful: boolean;
  hasReachedLimit: boolean;
  movedCount: number;
  alreadyActiveCount: number;
  message: string;
}
