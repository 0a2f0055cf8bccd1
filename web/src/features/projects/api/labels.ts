import type { KeywordActionAnswer, LabelRow } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { nsa, projectKeys } from './base';

/** Labels/* and LabelActions/* (docs/product/projects.md §7). */
export const getLabels = (projectId: string) => apiRequest<LabelRow[]>(nsa('Keywords/Labels/GetLabels'), { query: { projectId } });

export function useLabels(projectId: string | null) {
  return useQuery({ queryKey: projectKeys.labels(projectId ?? ''), queryFn: () => getLabels(projectId!), enabled: Boolean(projectId) });
}

export const deleteLabels = (projectId: string, labelHashes: string[]) =>
  apiRequest<{ isSuccessful: boolean; deletedCount: number }>(nsa('Keywords/Labels/DeleteLabels'), { method: 'POST', body: { projectId, labelHashCsv: labelHashes.join(',') } });

export const addKeywordsToLabel = (projectId: string, labelName: string, termIds: number[]) =>
  apiRequest<KeywordActionAnswer & { labelHash: string }>(nsa('Keywords/LabelActions/AddKeywords'), { method: 'POST', body: { projectId, labelName, termIdsCsv: termIds.join(',') } });

export const removeKeywordsFromLabel = (projectId: string, labelName: string, termIds: number[]) =>
  apiRequest<KeywordActionAnswer>(nsa('Keywords/LabelActions/RemoveKeywords'), { method: 'POST', body: { projectId, labelName, termIdsCsv: termIds.join(',') } });
