import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { rooms, type Environment } from '@serpwise/contracts';
import { QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRedisConnection, ENVIRONMENT, queueKeyPrefix } from '@serpwise/platform';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { AdminQueuesService, adminQueueNames } from './admin-queues.service.js';
import { PacedPush } from './paced-push.js';

/**
 * Pushes start at most every 500 ms while the queues move (issue 23 point 6: at least one update reaches the console
 * every second). At one a second, any push read or delivered a little later than the one before (a busy Redis, a busy
 * browser) left a second of the console without an update; at two a second a push has to be half a second late for
 * that. A tick every 5 s keeps worker heartbeats and throughput fresh while admins watch and nothing moves.
 */
export const adminPushIntervalMs = 500;
const idleTickMs = 5_000;

const queueEventNames = ['added', 'waiting', 'active', 'progress', 'completed', 'failed', 'delayed', 'removed', 'paused', 'resumed', 'retries-exhausted'] as const;

/**
 * Pushes the queue figures to the admins connected to this API process: one QueueEvents listener per queue for the
 * whole process, throttled, sent only to local sockets (every API node runs its own, so nobody gets duplicates).
 */
@Injectable()
export class AdminQueuesLive implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(AdminQueuesLive.name);
  private readonly listeners: QueueEvents[] = [];
  private readonly connections: Redis[] = [];
  private connection: Redis | null = null;
  private readonly pushes = new PacedPush(() => this.push(), adminPushIntervalMs);
  private ticker: NodeJS.Timeout | null = null;

  constructor(
    private readonly service: AdminQueuesService,
    private readonly realtime: RealtimeGateway,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  onModuleInit(): void {
    this.connection = createRedisConnection(this.environment, 'serpwise-admin-queue-events');
    for (const name of adminQueueNames()) {
      const connection = this.connection.duplicate();
      this.connections.push(connection);
      const events = new QueueEvents(name, { connection, prefix: queueKeyPrefix(this.environment.REDIS_PREFIX) });
      events.on('error', (error) => this.logger.warn(`queue events ${name}: ${String(error)}`));
      for (const event of queueEventNames) events.on(event as 'waiting', () => this.changed());
      this.listeners.push(events);
    }
    this.ticker = setInterval(() => this.changed(), idleTickMs);
    this.ticker.unref();
  }

  private watchers(): number {
    return this.realtime.server?.sockets?.adapter?.rooms?.get(rooms.admins())?.size ?? 0;
  }

  /** Something moved: a push, at once or when the pace allows (PacedPush). */
  changed(): void {
    if (this.watchers()) this.pushes.changed();
  }

  private async push(): Promise<void> {
    try {
      const overview = await this.service.overview();
      this.realtime.server.local.to(rooms.admins()).emit('admin.queues', overview);
    } catch (error) {
      this.logger.warn(`admin queue push failed: ${String(error)}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    this.pushes.stop();
    await Promise.all(this.listeners.map((events) => events.close()));
    // BullMQ leaves a connection it was given open.
    await Promise.all(this.connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
