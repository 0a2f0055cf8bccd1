import { Inject, Injectable } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import { SessionRepository, UserRepository } from '@serpwise/database';
import { ENVIRONMENT } from '@serpwise/platform';
import type { Identity, RequestSession } from '../sessions/request-session.js';

export interface ListedSession {
  id: string;
  email: string;
  userAgent: string | null;
  ipAddress: string | null;
  loggedInAt: string | null;
  lastSeenAt: string;
  isCurrent: boolean;
}

/**
 * The account's logged-in sessions (its own and, for an account owner, its team's) and ending them: what the
 * too-many-sessions page offers.
 */
@Injectable()
export class SessionListService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly users: UserRepository,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  /** The users whose sessions this caller manages: itself, plus its children when it owns the account. */
  private async managedUsers(identity: Identity): Promise<Map<string, string>> {
    const managed = new Map([[identity.user.id, identity.user.email]]);
    if (!identity.parent) for (const child of await this.users.listChildren(identity.user.id)) managed.set(child.id, child.email);
    return managed;
  }

  async list(session: RequestSession, identity: Identity) {
    const managed = await this.managedUsers(identity);
    const listed = await this.sessions.listForUsers([...managed.keys()]);
    const sessions: ListedSession[] = listed.map((row) => ({
      id: row.id,
      email: managed.get(row.userId) ?? '',
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      loggedInAt: row.loggedInAt?.toISOString() ?? null,
      lastSeenAt: row.lastSeenAt.toISOString(),
      isCurrent: row.id === session.id,
    }));
    const activeCount = await this.sessions.countActive(identity.user.id, this.environment.SESSION_ACTIVE_WINDOW_MINUTES);
    return { sessions, limit: this.environment.SESSION_LIMIT_PER_USER, activeCount };
  }

  /** Ends the chosen sessions; ids that are not the caller's to manage (or are the current one) are ignored. */
  async remove(session: RequestSession, identity: Identity, sessionIds: string[]) {
    const managed = await this.managedUsers(identity);
    const removed = await this.sessions.kill(sessionIds, [...managed.keys()], session.id);
    return { removed: removed.length, removedIds: removed };
  }
}
