import { Injectable } from '@nestjs/common';
import type { SetTeamAccessBody, TeamAccessEntry } from '@serpwise/contracts';
import { ProjectTeamAccessRepository } from '@serpwise/database';
import type { Identity } from '../../sessions/request-session.js';
import { ProjectRefusal } from './project-refusal.js';

/** The account owner says what each team member may do in the projects (docs/decisions.md, "Projects"). */
@Injectable()
export class TeamAccessService {
  constructor(private readonly access: ProjectTeamAccessRepository) {}

  list(identity: Identity): Promise<TeamAccessEntry[]> {
    return this.access.listForOwner(identity.user.id);
  }

  async set(identity: Identity, body: SetTeamAccessBody): Promise<TeamAccessEntry[]> {
    if (!(await this.access.set(identity.user.id, body.childUserId, body.access))) throw new ProjectRefusal(404, 'That team member was not found.');
    return this.list(identity);
  }
}
