import { ForbiddenException, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { csrfFormField, csrfHeaderName } from '@serpwise/contracts';
import type { Request } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { sessionOf } from './request-session.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export const csrfRejection = 'The cross-site request token is missing or out of date. Reload the page and try again.';

const CHANGES_STATE = 'serpwise:changes-state';

/**
 * Marks a documented GET call that changes something (SetEmailAddresses, GetCancelSubscription …). A SameSite=Lax
 * cookie still travels with a cross-site top-level GET, so such a call needs the cross-site token like a POST.
 */
export const ChangesState = () => SetMetadata(CHANGES_STATE, true);

/** Whether a route handler is marked @ChangesState() (the operators' OpenAPI document says it needs the token). */
export const isMarkedChangesState = (reflector: Reflector, handler: object): boolean => reflector.get<boolean | undefined>(CHANGES_STATE, handler as never) === true;

/** The token of a plain HTML form post (urlencoded body), which cannot send headers. */
function formToken(request: Request): string | undefined {
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.get('content-type') ?? '')) return undefined;
  const value = (request.body as Record<string, unknown> | undefined)?.[csrfFormField];
  return typeof value === 'string' ? value : undefined;
}

/** Every state-changing request must echo its session's cross-site request token (from the page meta tag). */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    const changesState = this.reflector.get<boolean | undefined>(CHANGES_STATE, context.getHandler()) === true;
    if (safeMethods.has(request.method) && !changesState) return true;
    const expected = sessionOf(request)?.csrfToken;
    const sent = request.get(csrfHeaderName) ?? formToken(request);
    if (!expected || !sent || sent.length !== expected.length) throw new ForbiddenException(csrfRejection);
    if (!timingSafeEqual(Buffer.from(sent), Buffer.from(expected))) throw new ForbiddenException(csrfRejection);
    return true;
  }
}
