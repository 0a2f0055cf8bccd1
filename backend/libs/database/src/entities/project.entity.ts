import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { idAndOwnerProperties, timestampProperties, updatedAtProperty } from './row-properties.js';

/**
 * A project: a site the account owner works on in one territory. Onboarding creates the first one; the project
 * area (issue 9) adds keywords, groups, outreach and the rest. Owned by the account owner, shared with its team.
 */
export const ProjectSchema = defineEntity({
  name: 'Project',
  tableName: 'project',
  properties: {
    ...idAndOwnerProperties(),
    name: p.string().length(120),
    domain: p.string().length(253),
    territory: p.string().length(2),
    ...timestampProperties(),
  },
});

export type Project = InferEntity<typeof ProjectSchema>;

/**
 * What a team member (child account) may do in the account owner's projects: 'edit' (the default, when no row
 * exists), 'view', or 'none'. Set by the account owner (docs/decisions.md, "Projects").
 */
export const ProjectTeamAccessSchema = defineEntity({
  name: 'ProjectTeamAccess',
  tableName: 'project_team_access',
  properties: {
    childUserId: p.uuid().primary(),
    ownerUserId: p.uuid().index(),
    access: p.string().length(8),
    ...updatedAtProperty(),
  },
});

export type ProjectTeamAccess = InferEntity<typeof ProjectTeamAccessSchema>;
