import type {
  ImportAnswer,
  KeywordActionAnswer,
  KeywordCountAnswer,
  KeywordDetailsAnswer,
  KeywordListAnswer,
  KeywordSortColumn,
  TermMembership,
  TermProjects,
  QueuedImportAnswer,
  UndoImportAnswer,
} from '@serpwise/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { nsa, projectKeys } from './base';

/** Keywords/GetKeywordList (docs/product/projects.md §3): the keyword universe of a project, a group or a label. */
export interface KeywordListParams {
  projectId: string;
  filterTerm?: string;
  sortColumn?: KeywordSortColumn;
  sortOrder?: 'asc' | 'desc';
  rowsToDisplay: number;
  startRow: number;
  groupHash?: string;
  labelHash?: string;
}

export const getKeywordList = (params: KeywordListParams) =>
  apiRequest<KeywordListAnswer>(nsa('Keywords/Keywords/GetKeywordList'), { query: { ...params, filterTerm: params.filterTerm || undefined } });

export function useKeywordList(params: KeywordListParams | null) {
  return useQuery({
    queryKey: projectKeys.keywords(params ?? {}),
    queryFn: () => getKeywordList(params!),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** Keywords/GetKeywordDetails (ours): one keyword of a project for the keyword-details panel route. */
export function useKeywordDetails(projectId: string, termId: number | null) {
  return useQuery({
    queryKey: projectKeys.keywordDetails(projectId, termId ?? 0),
    queryFn: () => apiRequest<KeywordDetailsAnswer>(nsa('Keywords/Keywords/GetKeywordDetails'), { query: { projectId, termId: termId! } }),
    enabled: termId !== null,
  });
}

/** Keywords/KeywordCount: called only when logged in (docs/product/projects.md §9). */
export const getKeywordCount = () => apiRequest<KeywordCountAnswer>(nsa('Keywords/Keywords/KeywordCount'));
export function useKeywordCount(isLoggedIn: boolean) {
  return useQuery({ queryKey: projectKeys.keywordCount(), queryFn: getKeywordCount, enabled: isLoggedIn });
}

/** KeywordTracking/GetTracking: the term membership check. */
export const getTracking = (query: { projectId: string; termIdsCsv: string; groupHash?: string; labelHash?: string }) =>
  apiRequest<TermMembership[]>(nsa('Keywords/KeywordTracking/GetTracking'), { query });

/** ProjectActions/SearchProjectsForTerms: which projects hold each term (by text, for research rows). */
export const searchProjectsForTerms = (terms: string[]) =>
  apiRequest<TermProjects[]>(nsa('ProjectActions/SearchProjectsForTerms'), { method: 'POST', body: { terms } });

export interface ImportRequest {
  projectId: string;
  terms: string[];
  groupNames?: string[];
  labelNames?: string[];
}

/** The answer at once, or (past projectLimits.keywordImportJobThreshold terms) the job that imports them. */
export const importKeywords = ({ projectId, terms, groupNames = [], labelNames = [] }: ImportRequest) =>
  apiRequest<ImportAnswer | QueuedImportAnswer>(nsa('Keywords/KeywordActions/Import'), { method: 'POST', body: { projectId, terms, groupNames, labelNames } });

export const undoImport = (importId: string) =>
  apiRequest<UndoImportAnswer>(nsa('Keywords/KeywordActions/UndoImport'), { method: 'POST', body: { importId } });

export const deleteKeywordsFromProject = (projectId: string, termIds: number[]) =>
  apiRequest<KeywordActionAnswer>(nsa('Keywords/Keywords/DeleteKeywordsFromProject'), { method: 'POST', body: { projectId, termIdsCsv: termIds.join(',') } });

export const migrateToGroup = (projectId: string, newGroupHash: string, termIds: number[], groupHash?: string) =>
  apiRequest<KeywordActionAnswer>(nsa('Keywords/KeywordActions/MigrateToGroup'), {
    method: 'POST',
    body: { projectId, newGroupHash, termIdsCsv: termIds.join(','), ...(groupHash ? { groupHash } : {}) },
  });
