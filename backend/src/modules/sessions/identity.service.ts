import { Injectable } from '@nestjs/common';
import { hashApiKey, UserRepository, type UserRecord } from '@serpwise/database';
import { endPlan, planHasEnded, planRolesOf } from '@serpwise/domain';
import type { Identity } from './request-session.js';

/** Loads the user behind a session and works out the roles that decide access. */
@Injectable()
export class IdentityService {
  constructor(private readonly users: UserRepository) {}

  async load(userId: string): Promise<Identity | null> {
    const user = await this.users.findById(userId);
    return user ? this.identityOf(user) : null;
  }

  /** The identity of the user owning an API key (a public API call), or null: the key and the user in one read. */
  async loadByApiKey(key: string): Promise<Identity | null> {
    const user = await this.users.findByApiKeyHash(hashApiKey(key));
    return user ? this.identityOf(user) : null;
  }

  private async identityOf(loaded: UserRecord): Promise<Identity> {
    let user = loaded;
    let parent = user.parentUserId ? await this.users.findById(user.parentUserId) : null;
    // A cancelled or paused plan stays full until its paid period ends (billing/plan-access.ts).
    if (parent && planHasEnded(parent)) parent = await endPlan(this.users, parent);
    if (!parent && planHasEnded(user)) user = await endPlan(this.users, user);
    return { user, parent, planRoles: planRolesOf(user.roles, parent?.roles ?? null) };
  }
}
