import { z } from 'zod';
import { territoryCodes } from '../research/territories.js';
import { projectMessages } from './messages.js';
import { nsaCall, projectIdField } from './common.js';

/**
 * Projects (docs/product/projects.md §3 Project: id, projectName, primaryDomainName; §7 Projects/CreateProject, DeleteProject, GetProjects,
 * PatchProject). The documented calls are GETs; those that change something also need the page's cross-site token.
 * CreateProject also takes the onboarding's names (name, domain).
 */
const nameText = z.string().max(500);
const domainText = z.string().max(2048);
const territoryField = z.enum(territoryCodes, { message: 'Choose one of the supported territories.' });

const cleanName = (value: string) => value.trim().replace(/\s+/g, ' ');

export const createProjectQuerySchema = nsaCall({
  projectName: nameText.optional(),
  name: nameText.optional(),
  primaryDomainName: domainText.optional(),
  domain: domainText.optional(),
  territory: territoryField.default('US'),
}).transform((query, context) => {
  const name = cleanName(query.projectName ?? query.name ?? '');
  const domain = (query.primaryDomainName ?? query.domain ?? '').trim();
  if (!name) context.addIssue({ code: 'custom', path: ['projectName'], message: projectMessages.projectNameRequired });
  else if (name.length > 120) context.addIssue({ code: 'custom', path: ['projectName'], message: 'A project name is at most 120 characters.' });
  if (!domain) context.addIssue({ code: 'custom', path: ['primaryDomainName'], message: projectMessages.domainRequired });
  return { name, domain, territory: query.territory };
});
export type CreateProjectQuery = z.infer<typeof createProjectQuerySchema>;

export const patchProjectQuerySchema = nsaCall({
  projectId: projectIdField,
  projectName: nameText.optional(),
  name: nameText.optional(),
  primaryDomainName: domainText.optional(),
  domain: domainText.optional(),
  territory: territoryField.optional(),
}).transform((query, context) => {
  const rawName = query.projectName ?? query.name;
  const name = rawName === undefined ? undefined : cleanName(rawName);
  const rawDomain = query.primaryDomainName ?? query.domain;
  const domain = rawDomain === undefined ? undefined : rawDomain.trim();
  if (name !== undefined && !name) context.addIssue({ code: 'custom', path: ['projectName'], message: projectMessages.projectNameRequired });
  if (name && name.length > 120) context.addIssue({ code: 'custom', path: ['projectName'], message: 'A project name is at most 120 characters.' });
  if (domain !== undefined && !domain) context.addIssue({ code: 'custom', path: ['primaryDomainName'], message: projectMessages.domainRequired });
  if (name === undefined && domain === undefined && query.territory === undefined) {
    context.addIssue({ code: 'custom', message: 'Say what to change: projectName, primaryDomainName or territory.' });
  }
  return { projectId: query.projectId, name, domain, territory: query.territory };
});
export type PatchProjectQuery = z.infer<typeof patchProjectQuerySchema>;

export const projectIdQuerySchema = nsaCall({ projectId: projectIdField });
export const getProjectsQuerySchema = nsaCall({});

/** A project as the panel lists it. */
export const projectSummarySchema = z.object({
  id: z.string(),
  projectName: z.string(),
  primaryDomainName: z.string(),
  territory: z.string(),
  keywordCount: z.number(),
  groupCount: z.number(),
  linkCount: z.number(),
  createdAt: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export interface CreateProjectAnswer {
  id: string;
  project: ProjectSummary;
}

/** What a team member may do in the account owner's projects (docs/decisions.md). */
export const teamProjectAccessLevels = ['edit', 'view', 'none'] as const;
export type TeamProjectAccess = (typeof teamProjectAccessLevels)[number];

/** POST /rest/projects/team-access (account owner only). */
export const setTeamAccessBodySchema = z
  .object({
    childUserId: z.uuid('The child user id must be a UUID.'),
    access: z.enum(teamProjectAccessLevels, { message: 'The access must be edit, view or none.' }),
  })
  .strict();
export type SetTeamAccessBody = z.infer<typeof setTeamAccessBodySchema>;

/** GET /rest/projects/team-access: one team member and what they may do in the owner's projects. */
export const teamAccessEntrySchema = z.object({ childUserId: z.string(), email: z.string(), access: z.enum(teamProjectAccessLevels) });
export type TeamAccessEntry = z.infer<typeof teamAccessEntrySchema>;
