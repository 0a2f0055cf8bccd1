import { Logger } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayInit } from '@nestjs/websockets';
import { ownerRoom, rooms, sessionCookieName, type ClientToServerEvents, type JobStatus, type ServerToClientEvents } from '@serpwise/contracts';
import { parse as parseCookies } from 'cookie';
import type { Server, Socket } from 'socket.io';
import { IdentityService } from '../sessions/identity.service.js';
import { SessionsService } from '../sessions/sessions.service.js';

interface SocketData {
  sessionId: string;
  userId: string | null;
  isAdmin: boolean;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const unauthenticatedSocketMessage = 'unauthenticated';

/**
 * The browser's live channel. A socket is accepted only with a valid session cookie, and joins the rooms of
 * its session and (when logged in) its user; jobs publish to those rooms, so nobody hears another's events.
 */
@WebSocketGateway({ path: '/socket.io', transports: ['websocket', 'polling'] })
export class RealtimeGateway implements OnGatewayInit<RealtimeServer> {
  private readonly logger = new Logger(RealtimeGateway.name);

  @WebSocketServer()
  server!: RealtimeServer;

  constructor(
    private readonly sessions: SessionsService,
    private readonly identities: IdentityService,
  ) {}

  /**
   * Tells the job's owner (their user room, or their session's for a visitor) that its status changed, when the API
   * itself changed it (a cancel, a requeue, a new job); the worker publishes its own changes through Redis.
   */
  jobUpdated(owner: { userId: string | null; sessionId: string }, status: JobStatus): void {
    this.server?.to(ownerRoom(owner)).emit('job.updated', status);
  }

  afterInit(server: RealtimeServer): void {
    server.use((socket, next) => {
      this.authenticate(socket)
        .then((ok) => next(ok ? undefined : new Error(unauthenticatedSocketMessage)))
        .catch((error: unknown) => {
          this.logger.warn(`socket authentication failed: ${String(error)}`);
          next(new Error(unauthenticatedSocketMessage));
        });
    });
    server.on('connection', (socket: RealtimeSocket) => {
      void socket.join(rooms.session(socket.data.sessionId));
      if (socket.data.userId) void socket.join(rooms.user(socket.data.userId));
      // Live queue figures (issue 7) go to admins only.
      if (socket.data.isAdmin) void socket.join(rooms.admins());
      socket.emit('session.ready', { sessionId: socket.data.sessionId, userId: socket.data.userId });
    });
  }

  private async authenticate(socket: RealtimeSocket): Promise<boolean> {
    const token = parseCookies(socket.handshake.headers.cookie ?? '')[sessionCookieName];
    const session = await this.sessions.resolve(token);
    if (!session) return false;
    socket.data.sessionId = session.id;
    socket.data.userId = session.userId;
    const identity = session.userId ? await this.identities.load(session.userId) : null;
    socket.data.isAdmin = identity?.user.roles.includes('admin') ?? false;
    return true;
  }
}
