import { IoAdapter } from '@nestjs/platform-socket.io';
import type { INestApplicationContext } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Environment } from '@serpwise/contracts';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { createRedisConnection, socketChannelKey } from '@serpwise/platform';

/**
 * Socket.IO on the Redis adapter: an event published by any process (another API node, or the worker through
 * @socket.io/redis-emitter) reaches the sockets held by this one.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly connections: Redis[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly environment: Environment,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, { ...options, serveClient: false } as ServerOptions) as Server;
    const publisher = createRedisConnection(this.environment, 'serpwise-socket-pub');
    const subscriber = publisher.duplicate({ connectionName: 'serpwise-socket-sub' });
    this.connections.push(publisher, subscriber);
    server.adapter(createAdapter(publisher, subscriber, { key: socketChannelKey(this.environment.REDIS_PREFIX) }));
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    await Promise.all(this.connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
  }
}
