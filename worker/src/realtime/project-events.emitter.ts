import { Emitter } from '@socket.io/redis-emitter';
import { rooms, type ProjectRanksUpdate, type ServerToClientEvents } from '@serpwise/contracts';
import type { Redis } from 'ioredis';
import { socketChannelKey } from '@serpwise/platform';

/** The port rank tracking reports through; tests swap it for a recorder. */
export abstract class ProjectEvents {
  /** Tells the users who may see the project (owner, team members with access) that its ranks changed. */
  abstract ranksUpdated(userIds: readonly string[], update: ProjectRanksUpdate): void;
}

/** Publishes through Redis to whichever API node holds each user's sockets. */
export class RedisProjectEvents extends ProjectEvents {
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(redis: Redis, prefix: string) {
    super();
    this.emitter = new Emitter<ServerToClientEvents>(redis, { key: socketChannelKey(prefix) });
  }

  ranksUpdated(userIds: readonly string[], update: ProjectRanksUpdate): void {
    if (!userIds.length) return;
    this.emitter.to(userIds.map((userId) => rooms.user(userId))).emit('project.ranks-updated', update);
  }
}
