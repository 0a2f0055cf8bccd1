import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import { identityOf } from '../sessions/request-session.js';

/**
 * Whose research a request reads: the warehouse ports are shared by every request, so they ask this at each query
 * (viewerScopedSql). The request is kept rather than its user, because the session middleware may attach the user
 * after this middleware ran.
 */
const currentRequest = new AsyncLocalStorage<Request>();

/** The logged-in user of the request being served; null for a visitor or outside a request (installation data only). */
export const researchViewer = (): string | null => {
  const request = currentRequest.getStore();
  return (request && identityOf(request)?.user.id) ?? null;
};

/** The request being served (its statements share one probe of the viewer's level); undefined outside a request. */
export const researchRequest = (): object | undefined => currentRequest.getStore();

/** Runs the rest of the request inside its research-viewer context. */
@Injectable()
export class ResearchViewerMiddleware implements NestMiddleware {
  use(request: Request, _response: Response, next: NextFunction): void {
    currentRequest.run(request, next);
  }
}
