import { Emitter } from '@socket.io/redis-emitter';
import { ownerRoom, type ServerToClientEvents } from '@serpwise/contracts';
import type { OwnedJobStatus } from '@serpwise/database';
import type { Redis } from 'ioredis';
import { socketChannelKey } from '@serpwise/platform';
import { type JobPresenterMap, presentJob } from '@serpwise/domain';

/** The port the job runner reports through; tests can swap it for a recorder. */
export abstract class JobEvents {
  abstract updated(status: OwnedJobStatus): void;
}

/** Publishes job events through Redis to whichever API node holds the owner's socket. */
export class RedisJobEvents extends JobEvents {
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(
    redis: Redis,
    prefix: string,
    /** How each job looks to its owner (the platform's jobPresenters); any job without one is its plain status. */
    private readonly presenters: JobPresenterMap = {},
  ) {
    super();
    this.emitter = new Emitter<ServerToClientEvents>(redis, { key: socketChannelKey(prefix) });
  }

  updated(status: OwnedJobStatus): void {
    this.emitter.to(ownerRoom(status.owner)).emit('job.updated', presentJob(this.presenters, status));
  }
}
