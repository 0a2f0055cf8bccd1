import { createParamDecorator, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

export interface RequestSession {
  id: string;
  userId: string | null;
  csrfToken: string;
}

declare module 'express' {
  interface Request {
    serpwiseSession?: RequestSession;
  }
}

export const sessionOf = (request: Request): RequestSession | undefined => request.serpwiseSession;

/** The caller's session; endpoints that use it answer 401 when there is none (cookie missing or expired). */
export const CurrentSession = createParamDecorator((_data: unknown, context: ExecutionContext): RequestSession => {
  const session = sessionOf(context.switchToHttp().getRequest<Request>());
  if (!session) throw new UnauthorizedException('Your session has expired. Reload the page to continue.');
  return session;
});
