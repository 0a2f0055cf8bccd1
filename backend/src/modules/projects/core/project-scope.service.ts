import { Injectable } from '@nestjs/common';
import { importErrorCodes, isAllProjects, projectMessages } from '@serpwise/contracts';
import { ProjectRepository, ProjectTeamAccessRepository, type ProjectRecord } from '@serpwise/database';
import type { Identity } from '../../sessions/request-session.js';
import { ProjectRefusal } from './project-refusal.js';

/** Who acts and on whose projects. */
export interface ProjectCaller {
  /** The account owner: projects and outreach records belong to the owner and are shared with its team. */
  ownerUserId: string;
  /** Who is acting (the owner or a team member), for history and authorship. */
  userId: string;
  /** The caller's e-mail, for answers that name the author. */
  email: string;
}

export type ProjectNeed = 'read' | 'write';

/**
 * The one place that decides whose project data a call may touch (docs/product/projects.md §6 leaves it to us; docs/decisions.md):
 * everything belongs to the account owner; the owner's team members use it as the owner lets them ('edit' by
 * default, 'view' or 'none'); anybody else's project answers exactly like a missing one (404).
 */
@Injectable()
export class ProjectScopeService {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly teamAccess: ProjectTeamAccessRepository,
  ) {}

  async caller(identity: Identity, need: ProjectNeed): Promise<ProjectCaller> {
    if (identity.parent) {
      const access = await this.teamAccess.accessOf(identity.user.id);
      if (access === 'none') throw new ProjectRefusal(403, projectMessages.teamNoAccess);
      if (access === 'view' && need === 'write') throw new ProjectRefusal(403, projectMessages.teamViewOnly);
    }
    return { ownerUserId: identity.parent?.id ?? identity.user.id, userId: identity.user.id, email: identity.user.email };
  }

  /** The caller's project; NO_PROJECT_SELECTED for the empty id, 404 when it is not the caller's. */
  async project(caller: ProjectCaller, projectId: string | undefined): Promise<ProjectRecord> {
    if (isAllProjects(projectId)) throw new ProjectRefusal(400, projectMessages.noProjectSelected, importErrorCodes.noProjectSelected);
    const project = await this.projects.findForOwner(caller.ownerUserId, projectId!);
    if (!project) throw new ProjectRefusal(404, projectMessages.projectNotFound);
    return project;
  }

  projectsOf(caller: ProjectCaller): Promise<ProjectRecord[]> {
    return this.projects.listForOwner(caller.ownerUserId);
  }

  /** Like project(), but the empty id (or none) means the All Projects bucket: null. */
  async projectOrBucket(caller: ProjectCaller, projectId: string | undefined): Promise<ProjectRecord | null> {
    return isAllProjects(projectId) ? null : this.project(caller, projectId);
  }
}
