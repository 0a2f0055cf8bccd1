import { isAllProjects, type ProjectSummary } from '@serpwise/contracts';

/** The name a record's project shows under: 'All Projects' for the empty id. */
export const projectNameOf = (projects: ProjectSummary[] | undefined, projectId: string | null | undefined) =>
  isAllProjects(projectId) ? 'All Projects' : (projects?.find((project) => project.id === projectId)?.projectName ?? 'Another project');
