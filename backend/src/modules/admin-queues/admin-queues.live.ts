import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { rooms, type Environment } from '@serpwise/contracts';
import { QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRedisConnection, ENVIRONMENT, queueKeyPrefix } from '@serpwise/platform';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { AdminQueuesService, adminQueueNames } from './admin-queues.service.js';

/** At most one push a second; a tick every 5 s keeps worker heartbeats and throughput fresh while admins watch. */
export const adminPushIntervalMs = 1_000;
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
  private pending: NodeJS.Timeout | null = null;
  private lastPush = 0;
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

  /** Something moved: push now if the last push is a second old, else once when the second is up. */
  changed(): void {
    if (this.pending || !this.watchers()) return;
    const wait = Math.max(0, this.lastPush + adminPushIntervalMs - Date.now());
    this.pending = setTimeout(() => void this.push(), wait);
  }

  private async push(): Promise<void> {
    try {
      this.lastPush = Date.now();
      const overview = await this.service.overview();
      this.realtime.server.local.to(rooms.admins()).emit('admin.queues', overview);
    } catch (error) {
      this.logger.warn(`admin queue push failed: ${String(error)}`);
    } finally {
      this.pending = null;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    if (this.pending) clearTimeout(this.pending);
    await Promise.all(this.listeners.map((events) => events.close()));
    // BullMQ leaves a connection it was given open.
    await Promise.all(this.connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
