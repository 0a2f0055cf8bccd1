import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { isAdminOnlyPath, isRestPath, isWebAppRoute, webRedirectFor } from '@serpwise/contracts';
import type { Request, Response } from 'express';
import { identityOf, sessionOf } from '../sessions/request-session.js';
import { WebAppShell } from './web-app-shell.js';
import { Access } from '../access/access.decorator.js';
import { isAdminIdentity } from '../access/access-decision.js';

/**
 * Documented calls whose GET is a page (calls.txt lists `GET /auth/logout`): every client gets the page, whatever it
 * accepts, because the page (the Log out form) is the answer; a JSON 404 would tell an API client the call is missing.
 */
const PAGES_FOR_EVERY_CLIENT = new Set(['/auth/logout']);

/**
 * Serves the built web app for every page route (the client router takes it from there). The documented redirects
 * are answered here (301 where the spec says permanent), so a crawler or a bookmark gets them without running the
 * app; a path that is no page still gets the app, which shows its 404 page, but with a real 404 status. Requests
 * that do not accept HTML, and REST paths, get the usual JSON 404 so a missing endpoint never answers with a page.
 */
/**
 * Whether to answer with the page: a client that prefers HTML gets it for any path (a 404 page for an unknown one);
 * a client that states no preference (no Accept header, or *\/*, as curl or a link checker sends) gets it for a
 * documented page only, so `GET /` answers the page while a mistyped endpoint still gets a JSON 404 (issue 24).
 */
function acceptsPage(request: Request): boolean {
  if (request.accepts(['json', 'html']) === 'html') return true;
  return request.accepts(['html', 'json']) === 'html' && request.accepts(['json', 'html']) === 'json' && isWebAppRoute(request.path);
}

@Access('public')
@Controller()
export class WebAppController {
  constructor(private readonly shell: WebAppShell) {}

  @Get('{*path}')
  page(@Req() request: Request, @Res() response: Response): void {
    const wantsPage = PAGES_FOR_EVERY_CLIENT.has(request.path) || (!isRestPath(request.path) && acceptsPage(request));
    if (!wantsPage) throw new NotFoundException(`Cannot GET ${request.path}`);
    const identity = identityOf(request);

    const search = request.originalUrl.includes('?') ? request.originalUrl.slice(request.originalUrl.indexOf('?')) : '';
    const redirect = webRedirectFor(request.path, search, { isLoggedIn: identity !== undefined });
    if (redirect) {
      response.set('Cache-Control', 'no-store').redirect(redirect.status, redirect.location);
      return;
    }
    // Admin-only pages send everyone else to the home page (docs/product/site.md §5).
    if (isAdminOnlyPath(request.path) && !(identity && isAdminIdentity(identity))) {
      response.set('Cache-Control', 'no-store').redirect(302, '/');
      return;
    }
    response
      .status(isWebAppRoute(request.path) ? 200 : 404)
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(this.shell.render({ csrfToken: sessionOf(request)?.csrfToken ?? '', loggedIn: identity !== undefined }));
  }
}
