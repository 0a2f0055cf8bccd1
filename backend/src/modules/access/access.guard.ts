import { ForbiddenException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AccessLevel } from '@serpwise/contracts';
import type { Request } from 'express';
import { identityOf, sessionOf } from '../sessions/request-session.js';
import { ACCESS_LEVEL } from './access.decorator.js';
import { decideAccess } from './access-decision.js';

/** The one guard that decides who may call a route, from the route's @Access level. */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const level = this.reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_LEVEL, [context.getHandler(), context.getClass()]);
    // AccessAudit refuses to start without a level on every route; this is the belt to its braces.
    if (!level) throw new ForbiddenException('This route has no access rule.');
    const request = context.switchToHttp().getRequest<Request>();
    const decision = decideAccess(level, sessionOf(request), identityOf(request));
    if (decision.allowed) return true;
    throw decision.status === 401 ? new UnauthorizedException(decision.message) : new ForbiddenException(decision.message);
  }
}
