import { createParamDecorator, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import type { UserRecord } from '@serpwise/database';
import type { Request } from 'express';

export interface RequestSession {
  id: string;
  userId: string | null;
  csrfToken: string;
  remember: boolean;
  adminActionsUntil: Date | null;
}

/**
 * Who is calling: the logged-in user and, for a child account, its parent (whose plan the child uses).
 * planRoles are the roles that decide what the caller may see.
 */
export interface Identity {
  user: UserRecord;
  parent: UserRecord | null;
  planRoles: string[];
}

declare module 'express' {
  interface Request {
    serpwiseSession?: RequestSession;
    serpwiseIdentity?: Identity;
  }
}

export const sessionOf = (request: Request): RequestSession | undefined => request.serpwiseSession;
export const identityOf = (request: Request): Identity | undefined => request.serpwiseIdentity;

export const sessionExpiredMessage = 'Your session has expired. Reload the page to continue.';

/** The caller's session; endpoints that use it answer 401 when there is none (cookie missing or expired). */
export const CurrentSession = createParamDecorator((_data: unknown, context: ExecutionContext): RequestSession => {
  const session = sessionOf(context.switchToHttp().getRequest<Request>());
  if (!session) throw new UnauthorizedException(sessionExpiredMessage);
  return session;
});

/** The logged-in caller. Only on routes whose access level needs a user (the access guard has checked). */
export const CurrentIdentity = createParamDecorator((_data: unknown, context: ExecutionContext): Identity => {
  const identity = identityOf(context.switchToHttp().getRequest<Request>());
  if (!identity) throw new UnauthorizedException('Log in to continue.');
  return identity;
});
