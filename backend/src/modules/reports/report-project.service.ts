import { Injectable } from '@nestjs/common';
import { projectMessages, type ReportOptions } from '@serpwise/contracts';
import { KeywordGroupRepository } from '@serpwise/database';
import { ProjectRefusal } from '../projects/core/project-refusal.js';
import { ProjectScopeService } from '../projects/core/project-scope.service.js';
import type { Identity } from '../sessions/request-session.js';

/**
 * The project a report names (its tracked-keyword sections, "Create PDF Report" on a group): it must be one the
 * caller may read (ProjectScopeService: the owner's, a team member's by its access) and the group one of its
 * groups; anybody else's answers 404 like a missing one. The report is then about the project's domain and
 * territory, whatever the browser sent.
 */
@Injectable()
export class ReportProjectService {
  constructor(
    private readonly scope: ProjectScopeService,
    private readonly groups: KeywordGroupRepository,
  ) {}

  async resolve(identity: Identity, options: ReportOptions): Promise<ReportOptions> {
    if (!options.projectId) return options;
    const caller = await this.scope.caller(identity, 'read');
    const project = await this.scope.project(caller, options.projectId);
    const groupHash = options.groupHash?.toLowerCase();
    if (groupHash && !(await this.groups.find(project.id, groupHash))) throw new ProjectRefusal(404, projectMessages.groupNotFound);
    return { ...options, projectId: project.id, domain: project.domain, countryCode: project.territory, ...(groupHash ? { groupHash } : {}) };
  }
}

/** Whose projects a report may name: the account owner's (a team member reports on its owner's projects). */
export const projectOwnerOf = (identity: Identity) => identity.parent?.id ?? identity.user.id;
