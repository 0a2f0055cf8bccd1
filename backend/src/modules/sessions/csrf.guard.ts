import { ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { csrfHeaderName } from '@serpwise/contracts';
import type { Request } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { sessionOf } from './request-session.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export const csrfRejection = 'The cross-site request token is missing or out of date. Reload the page and try again.';

/** Every state-changing request must echo its session's cross-site request token (from the page meta tag). */
@Injectable()
export class CsrfGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (safeMethods.has(request.method)) return true;
    const expected = sessionOf(request)?.csrfToken;
    const sent = request.get(csrfHeaderName);
    if (!expected || !sent || sent.length !== expected.length) throw new ForbiddenException(csrfRejection);
    if (!timingSafeEqual(Buffer.from(sent), Buffer.from(expected))) throw new ForbiddenException(csrfRejection);
    return true;
  }
}
