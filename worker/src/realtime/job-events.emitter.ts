import { Emitter } from '@socket.io/redis-emitter';
import { ownerRoom, type JobStatus, type ServerToClientEvents } from '@serpwise/contracts';
import { withoutOwner, type OwnedJobStatus } from '@serpwise/database';
import type { Redis } from 'ioredis';
import { socketChannelKey } from '@serpwise/platform';

/** The port the job runner reports through; tests can swap it for a recorder. */
export abstract class JobEvents {
  abstract updated(status: OwnedJobStatus): void;
}

/** Turns a job's record into what its owner sees, per job name (an export adds its signed download link). */
export type JobPresenters = Record<string, (status: OwnedJobStatus) => JobStatus>;

/** Publishes job events through Redis to whichever API node holds the owner's socket. */
export class RedisJobEvents extends JobEvents {
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(
    redis: Redis,
    prefix: string,
    private readonly presenters: JobPresenters = {},
  ) {
    super();
    this.emitter = new Emitter<ServerToClientEvents>(redis, { key: socketChannelKey(prefix) });
  }

  updated(status: OwnedJobStatus): void {
    const present = this.presenters[status.name] ?? withoutOwner;
    this.emitter.to(ownerRoom(status.owner)).emit('job.updated', present(status));
  }
}
