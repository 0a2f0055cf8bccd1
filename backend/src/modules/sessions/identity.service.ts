import { Injectable } from '@nestjs/common';
import { UserRepository } from '@serpwise/database';
import { endPlan, planHasEnded, planRolesOf } from '@serpwise/domain';
import type { Identity } from './request-session.js';

/** Loads the user behind a session and works out the roles that decide access. */
@Injectable()
export class IdentityService {
  constructor(private readonly users: UserRepository) {}

  async load(userId: string): Promise<Identity | null> {
    let user = await this.users.findById(userId);
    if (!user) return null;
    let parent = user.parentUserId ? await this.users.findById(user.parentUserId) : null;
    // A cancelled or paused plan stays full until its paid period ends (billing/plan-access.ts).
    if (parent && planHasEnded(parent)) parent = await endPlan(this.users, parent);
    if (!parent && planHasEnded(user)) user = await endPlan(this.users, user);
    return { user, parent, planRoles: planRolesOf(user.roles, parent?.roles ?? null) };
  }
}
