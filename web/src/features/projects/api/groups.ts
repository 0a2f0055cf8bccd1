import type { AddGroupAnswer, GroupDetailsAnswer, GroupsAnswer, KeywordActionAnswer } from '@serpwise/contracts';
import { projectLimits } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { nsa, projectKeys } from './base';

/** Groups/* and GroupActions/* (docs/product/projects.md §7). */
export const getGroups = (projectId: string, filter = '', rowsToDisplay: number = projectLimits.defaultGroupsToFetch) =>
  apiRequest<GroupsAnswer>(nsa('Keywords/Groups/GetGroups'), { query: { projectId, filter: filter || undefined, rowsToDisplay } });

export function useGroups(projectId: string | null, filter = '', rowsToDisplay: number = projectLimits.defaultGroupsToFetch) {
  return useQuery({
    queryKey: [...projectKeys.groups(projectId ?? '', filter), rowsToDisplay],
    queryFn: () => getGroups(projectId!, filter, rowsToDisplay),
    enabled: Boolean(projectId),
  });
}

export const getGroupDetails = (projectId: string, groupHash: string) =>
  apiRequest<GroupDetailsAnswer>(nsa('Keywords/Groups/Details'), { query: { projectId, groupHash } });

export const addGroup = (projectId: string, name: string, termIds: number[] = []) =>
  apiRequest<AddGroupAnswer>(nsa('Keywords/Groups/AddGroup'), { csrf: true, query: { projectId, name, termIdsCsv: termIds.length ? termIds.join(',') : undefined } });

export const renameGroup = (projectId: string, groupHash: string, name: string) =>
  apiRequest<{ groupHash: string; name: string }>(nsa('Keywords/Groups/RenameGroup'), { csrf: true, query: { projectId, groupHash, name } });

/** One group by a single delete, several by a comma-separated list of hashes (docs/product/projects.md §4). */
export const deleteGroups = (projectId: string, groupHashes: string[]) =>
  apiRequest<{ isSuccessful: boolean; deletedCount: number }>(nsa('Keywords/Groups/DeleteGroup'), {
    csrf: true,
    query: groupHashes.length === 1 ? { projectId, groupHash: groupHashes[0] } : { projectId, groupHashCsv: groupHashes.join(',') },
  });

export const removeKeywordsFromGroup = (projectId: string, groupHash: string, termIds: number[]) =>
  apiRequest<KeywordActionAnswer>(nsa('Keywords/GroupActions/RemoveKeywords'), { method: 'POST', body: { projectId, groupHash, termIdsCsv: termIds.join(',') } });
