/** Every project-area call lives under this prefix (docs/projects-api.md). */
export const nsa = (path: string) => `/NsaApi/MySerpwise/${path}`;

/** React Query keys of the project area: invalidating `projectKeys.all` refreshes the whole panel. */
export const projectKeys = {
  all: ['my-serpwise'] as const,
  projects: () => [...projectKeys.all, 'projects'] as const,
  keywords: (params: object) => [...projectKeys.all, 'keywords', params] as const,
  keywordDetails: (projectId: string, termId: number) => [...projectKeys.all, 'keyword-details', projectId, termId] as const,
  keywordCount: () => [...projectKeys.all, 'keyword-count'] as const,
  groups: (projectId: string, filter = '') => [...projectKeys.all, 'groups', projectId, filter] as const,
  groupDetails: (projectId: string, groupHash: string) => [...projectKeys.all, 'group-details', projectId, groupHash] as const,
  labels: (projectId: string) => [...projectKeys.all, 'labels', projectId] as const,
  tracking: (params: object) => [...projectKeys.all, 'tracking', params] as const,
  history: (projectId: string) => [...projectKeys.all, 'history', projectId] as const,
  links: (projectId: string) => [...projectKeys.all, 'links', projectId] as const,
};
