import { Injectable } from '@nestjs/common';
import { accountSettingsMessages, type CreateProjectAnswer, hostOfText, type PatchProjectQuery, projectMessages, type ProjectSummary } from '@serpwise/contracts';
import { ProjectRepository, type ProjectRecord, type ProjectSummaryRecord } from '@serpwise/database';
import type { Identity } from '../../sessions/request-session.js';
import { ProjectRefusal } from './project-refusal.js';
import { ProjectScopeService, type ProjectCaller } from './project-scope.service.js';
import { AnalyticsRecorder } from '@serpwise/platform';

export const toProjectSummary = (project: ProjectRecord | ProjectSummaryRecord): ProjectSummary => ({
  id: project.id,
  projectName: project.name,
  primaryDomainName: project.domain,
  territory: project.territory,
  keywordCount: 'keywordCount' in project ? project.keywordCount : 0,
  groupCount: 'groupCount' in project ? project.groupCount : 0,
  linkCount: 'linkCount' in project ? project.linkCount : 0,
  createdAt: project.createdAt.toISOString(),
});

/** The primary domain of a project: what the user typed, cleansed like onboarding's step 2. */
export function projectDomain(raw: string): string {
  const domain = hostOfText(raw);
  if (!domain) throw new ProjectRefusal(400, accountSettingsMessages.domainInvalid);
  return domain;
}

/** Projects/CreateProject, GetProjects, PatchProject, DeleteProject (docs/product/projects.md §7). */
@Injectable()
export class ProjectsService {
  constructor(
    private readonly scope: ProjectScopeService,
    private readonly projects: ProjectRepository,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  async list(identity: Identity): Promise<ProjectSummary[]> {
    const caller = await this.scope.caller(identity, 'read');
    return (await this.projects.summariesForOwner(caller.ownerUserId)).map(toProjectSummary);
  }

  /** Creates a project for the account owner; names are unique per account, ignoring case. */
  async create(identity: Identity, input: { name: string; domain: string; territory: string }): Promise<CreateProjectAnswer> {
    const caller = await this.scope.caller(identity, 'write');
    const project = await createProjectWith(this.projects, caller, input);
    this.analytics.record('Sites_Project_Created');
    return { id: project.id, project: toProjectSummary(project) };
  }

  async patch(identity: Identity, query: PatchProjectQuery): Promise<ProjectSummary> {
    const caller = await this.scope.caller(identity, 'write');
    const project = await this.scope.project(caller, query.projectId);
    if (query.name && (await this.projects.findByName(caller.ownerUserId, query.name, project.id))) {
      throw new ProjectRefusal(409, projectMessages.projectNameTaken(query.name));
    }
    const domain = query.domain === undefined ? undefined : projectDomain(query.domain);
    const updated = await this.projects.update(caller.ownerUserId, project.id, { name: query.name, domain, territory: query.territory });
    if (!updated) throw new ProjectRefusal(404, projectMessages.projectNotFound);
    const summary = (await this.projects.summariesForOwner(caller.ownerUserId)).find((entry) => entry.id === updated.id);
    return toProjectSummary(summary ?? updated);
  }

  async delete(identity: Identity, projectId: string): Promise<{ isSuccessful: true; projectId: string }> {
    const caller = await this.scope.caller(identity, 'write');
    const project = await this.scope.project(caller, projectId);
    if (!(await this.projects.delete(caller.ownerUserId, project.id))) throw new ProjectRefusal(404, projectMessages.projectNotFound);
    return { isSuccessful: true, projectId: project.id };
  }
}

/** The creation rule shared by CreateProject and NewProjectImport (which runs it inside its transaction). */
export async function createProjectWith(
  projects: ProjectRepository,
  caller: ProjectCaller,
  input: { name: string; domain: string; territory: string },
): Promise<ProjectRecord> {
  const domain = projectDomain(input.domain);
  if (await projects.findByName(caller.ownerUserId, input.name)) throw new ProjectRefusal(409, projectMessages.projectNameTaken(input.name));
  return projects.create({ ownerUserId: caller.ownerUserId, name: input.name, domain, territory: input.territory });
}
