import type { CreateProjectAnswer, ProjectSummary } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { nsa, projectKeys } from './base';

/** Projects/GetProjects, CreateProject, PatchProject, DeleteProject (docs/product/projects.md §7; the GETs that change something carry the token). */
export const getProjects = () => apiRequest<ProjectSummary[]>(nsa('Projects/GetProjects'));

export const createProject = (projectName: string, primaryDomainName: string) =>
  apiRequest<CreateProjectAnswer>(nsa('Projects/CreateProject'), { csrf: true, query: { projectName, primaryDomainName: primaryDomainName || undefined } });

/** What the edit-project panel may change (PatchProject's documented names). */
export interface ProjectChange {
  projectName?: string;
  primaryDomainName?: string;
  territory?: string;
}

export const patchProject = (projectId: string, change: ProjectChange) =>
  apiRequest<ProjectSummary>(nsa('Projects/PatchProject'), { csrf: true, query: { projectId, ...change } });

export const deleteProject = (projectId: string) =>
  apiRequest<{ isSuccessful: boolean; projectId: string }>(nsa('Projects/DeleteProject'), { csrf: true, query: { projectId } });

export function useProjects(enabled: boolean) {
  return useQuery({ queryKey: projectKeys.projects(), queryFn: getProjects, enabled });
}
