import { ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { csrfHeaderName } from '@serpwise/contracts';
import type { Request } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { csrfRejection } from '../sessions/csrf.guard.js';
import { sessionOf } from '../sessions/request-session.js';

/**
 * For the documented GET calls that change something (SetEmailAddresses, GetGenerateApiKey, AcceptTermsOfService,
 * CreateProject): a SameSite=Lax cookie still travels with a cross-site top-level GET, so these also require the
 * page's cross-site request token, which the web client sends (docs/decisions.md).
 */
@Injectable()
export class CsrfOnGetGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const expected = sessionOf(request)?.csrfToken;
    const sent = request.get(csrfHeaderName);
    if (!expected || !sent || sent.length !== expected.length || !timingSafeEqual(Buffer.from(sent), Buffer.from(expected))) {
      throw new ForbiddenException(csrfRejection);
    }
    return true;
  }
}
