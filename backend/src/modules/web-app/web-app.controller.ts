import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { isRestPath } from '@serpwise/contracts';
import type { Request, Response } from 'express';
import { sessionOf } from '../sessions/request-session.js';
import { WebAppShell } from './web-app-shell.js';
import { Access } from '../access/access.decorator.js';

/**
 * Serves the built web app for every page route (the client router takes it from there). Requests that do not
 * accept HTML, and REST paths, get the usual JSON 404 so a missing endpoint never answers with a page.
 */
@Access('public')
@Controller()
export class WebAppController {
  constructor(private readonly shell: WebAppShell) {}

  @Get('{*path}')
  page(@Req() request: Request, @Res() response: Response): void {
    const wantsPage = request.accepts(['json', 'html']) === 'html' && !isRestPath(request.path);
    if (!wantsPage) throw new NotFoundException(`Cannot GET ${request.path}`);
    response
      .status(200)
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(this.shell.render({ csrfToken: sessionOf(request)?.csrfToken ?? '' }));
  }
}
