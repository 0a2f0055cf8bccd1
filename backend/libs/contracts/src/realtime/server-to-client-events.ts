import type { AdminQueuesOverview } from '../admin/queues.js';
import type { JobStatus } from '../jobs/job-status.js';

/**
 * The one map of events the server pushes to browsers. The Nest gateway, the worker's Redis emitter and the
 * web client are all typed by it, so a renamed field breaks the build instead of the page.
 */
export interface ServerToClientEvents {
  /** A job moved: started, made progress, or reached an end state. Carries the whole current status. */
  'job.updated': (status: JobStatus) => void;
  /** Admins only (room `admins`): the queue figures changed; at most one a second per API process. */
  'admin.queues': (overview: AdminQueuesOverview) => void;
  /**
   * Rank tracking landed fresh ranks for a project's tracked keywords (to the owner and team members with access):
   * an open project view reloads its keywords.
   */
  'project.ranks-updated': (update: ProjectRanksUpdate) => void;
  /** The socket is authenticated and sits in its rooms; sent once after connecting. */
  'session.ready': (info: { sessionId: string; userId: string | null }) => void;
}

export interface ProjectRanksUpdate {
  projectId: string;
  /** The warehouse month the ranks landed in (YYYY-MM-DD). */
  month: string;
  /** Tracked keywords fetched in this refresh. */
  keywords: number;
  refreshedAt: string;
}

export type ServerToClientEventName = keyof ServerToClientEvents;

/** Client-to-server events: none yet, the client only listens. */
export type ClientToServerEvents = Record<string, never>;

/** Socket.IO room names: a job's events go to the room of whoever owns it. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  admins: () => 'admins',
} as const;

export function ownerRoom(owner: { userId: string | null; sessionId: string }): string {
  return owner.userId ? rooms.user(owner.userId) : rooms.session(owner.sessionId);
}
