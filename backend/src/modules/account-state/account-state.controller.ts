import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import {
  adminActionsEnabledSchema,
  adminActionsStateSchema,
  adminActionTimeoutMs,
  scraperSeedCookieName,
  type AdminActionsEnabled,
  type AdminActionsState,
  type Environment,
} from '@serpwise/contracts';
import { ENVIRONMENT } from '@serpwise/platform';
import { SessionRepository } from '@serpwise/database';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { ResponseSchema } from '../../common/route-response-schema.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, CurrentSession, identityOf, sessionOf, type Identity, type RequestSession } from '../sessions/request-session.js';
import { RequestEnvironment } from '../scraper-protection/request-environment.service.js';
import { scraperSeedCookieOptions } from '../scraper-protection/scraper-token.js';
import { ActiveStateService } from './active-state.service.js';
import { SessionListService } from './session-list.service.js';

const removeSessionsSchema = z
  .object({ sessionIds: z.array(z.uuid({ message: 'Each session id must be a UUID.' })).min(1, 'Choose at least one session.').max(200) })
  .strict();

const crossPromoQuerySchema = z.object({
  domain: z.string().max(253).optional(),
  page: z.string().max(64).optional(),
  sfu: z.string().max(64).optional(),
});

/** Who the caller is right now: active state, the session poll and ping, the session list, admin actions. */
@Controller()
export class AccountStateController {
  constructor(
    private readonly activeStates: ActiveStateService,
    private readonly sessionList: SessionListService,
    private readonly sessions: SessionRepository,
    private readonly requestEnvironment: RequestEnvironment,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  /**
   * Also (re)sets the scraper token's seed cookie while scraper tokens are enabled (and clears it when they are not):
   * this is the tracking state the web refetches on an answer with info: 2 (docs/product/site.md §7).
   */
  @Access('public')
  @Get('endpoints/accountapi/getactivestate')
  async activeState(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const seed = this.requestEnvironment.scraperSeed(request);
    if (seed) response.cookie(scraperSeedCookieName, seed, scraperSeedCookieOptions(this.environment));
    else if ((request.cookies as Record<string, string> | undefined)?.[scraperSeedCookieName]) response.clearCookie(scraperSeedCookieName, { path: '/' });
    return this.activeStates.activeState(sessionOf(request), identityOf(request), await this.requestEnvironment.of(request));
  }

  /** The poll, also the 60-second activity ping of a logged-in page (the session middleware marks the activity). */
  @Access('session')
  @Get('endpoints/poll')
  poll(@CurrentSession() session: RequestSession, @Req() request: Request) {
    return this.activeStates.poll(session, identityOf(request));
  }

  @Access('session')
  @Post('endpoints/poll')
  @HttpCode(200)
  ping(@CurrentSession() session: RequestSession, @Req() request: Request) {
    return this.activeStates.poll(session, identityOf(request));
  }

  @Access('user')
  @Get('Endpoints/ChildAccount/ListSessions')
  listSessions(@CurrentSession() session: RequestSession, @CurrentIdentity() identity: Identity) {
    return this.sessionList.list(session, identity);
  }

  @Access('user')
  @Post('Endpoints/ChildAccount/RemoveSessions')
  @HttpCode(200)
  removeSessions(
    @CurrentSession() session: RequestSession,
    @CurrentIdentity() identity: Identity,
    @Body(new ZodValidationPipe(removeSessionsSchema)) body: { sessionIds: string[] },
  ) {
    return this.sessionList.remove(session, identity, body.sessionIds);
  }

  /** Whether admin actions are on for this session, and until when: the console shows it after a reload or on another page. */
  @Access('admin')
  @Get('rest/admin/actions')
  @ResponseSchema(adminActionsStateSchema)
  adminActionsState(@CurrentSession() session: RequestSession): AdminActionsState {
    const until = session.adminActionsUntil;
    return { adminActionsUntil: until && until.getTime() > Date.now() ? until.toISOString() : null };
  }

  /** Turns admin actions on for this session for one hour (docs/product/site.md §6, §9). */
  @Access('admin')
  @Post('rest/admin/actions')
  @HttpCode(200)
  @ResponseSchema(adminActionsEnabledSchema)
  async enableAdminActions(@CurrentSession() session: RequestSession): Promise<AdminActionsEnabled> {
    const until = await this.sessions.enableAdminActions(session.id, adminActionTimeoutMs);
    return { adminActionsUntil: until.toISOString() };
  }

  /**
   * The sister-product redirect (docs/product/account-exports-reports.md §7). The AI Content Assistant lives inside Serpwise, so the promo opens its
   * offer page with the domain; the logout variant lands on the home page.
   */
  @Access('public')
  @Get('sendUserToRivalFlow')
  crossPromo(@Query(new ZodValidationPipe(crossPromoQuerySchema)) query: z.infer<typeof crossPromoQuerySchema>, @Res() response: Response) {
    if (query.page === 'logout') return response.redirect(302, '/');
    const params = new URLSearchParams({ ...(query.domain ? { domain: query.domain } : {}), page: query.page ?? 'sfpromo', sfu: query.sfu ?? 'free' });
    return response.redirect(302, `/content-assistant-offer?${params.toString()}`);
  }
}
