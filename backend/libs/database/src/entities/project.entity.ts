import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A project: a site the account owner works on in one territory. Onboarding creates the first one; the project
 * area (issue 9) adds keywords, groups, outreach and the rest. Owned by the account owner, shared with its team.
 */
export const ProjectSchema = defineEntity({
  name: 'Project',
  tableName: 'project',
  properties: {
    id: p.uuid().primary(),
    ownerUserId: p.uuid().index(),
    name: p.string().length(120),
    domain: p.string().length(253),
    territory: p.string().length(2),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export type Project = InferEntity<typeof ProjectSchema>;
