import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  connectSearchConsoleSchema,
  disconnectSearchConsoleSchema,
  pickSearchConsolePropertiesSchema,
  searchConsoleCountrySchema,
  searchConsoleDisconnectedSchema,
  searchConsoleMonthSchema,
  searchConsolePropertyIdSchema,
  searchConsoleSiteSchema,
  searchConsoleStateSchema,
  type SearchConsoleCountry,
  type SearchConsoleMonth,
  type SearchConsoleSite,
  type SearchConsoleState,
} from '@serpwise/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, CurrentSession, type Identity, type RequestSession } from '../sessions/request-session.js';
import { SearchConsoleService } from './search-console.service.js';
import { ResponseSchema } from '../../common/route-response-schema.js';
import { z } from 'zod';

/**
 * Search Console by API (issue 20): the page's calls under /rest/search-console. Logged-in users only; each call
 * reads or changes only the caller's own connection and properties. A sync's progress goes out as job.updated and
 * is listed in the job center.
 */
@Controller('rest/search-console')
@Access('user')
export class SearchConsoleController {
  constructor(private readonly searchConsole: SearchConsoleService) {}

  @Get()
  @ResponseSchema(searchConsoleStateSchema)
  state(@CurrentIdentity() identity: Identity): Promise<SearchConsoleState> {
    return this.searchConsole.state(identity);
  }

  /** The code Google's consent screen gave the callback page. */
  @Post('connect')
  @HttpCode(200)
  @ResponseSchema(searchConsoleStateSchema)
  connect(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(connectSearchConsoleSchema)) body: z.infer<typeof connectSearchConsoleSchema>): Promise<SearchConsoleState> {
    return this.searchConsole.connect(identity, body.code);
  }

  /** The properties the connected Google account can read (asked of Google each time). */
  @Get('sites')
  @ResponseSchema(z.array(searchConsoleSiteSchema))
  sites(@CurrentIdentity() identity: Identity): Promise<SearchConsoleSite[]> {
    return this.searchConsole.sites(identity);
  }

  /** Picks properties: each starts its backfill (202: the syncs run in the worker). */
  @Post('properties')
  @HttpCode(202)
  @ResponseSchema(searchConsoleStateSchema)
  pick(
    @CurrentSession() session: RequestSession,
    @CurrentIdentity() identity: Identity,
    @Body(new ZodValidationPipe(pickSearchConsolePropertiesSchema)) body: z.infer<typeof pickSearchConsolePropertiesSchema>,
  ): Promise<SearchConsoleState> {
    return this.searchConsole.pick(session, identity, body.siteUrls);
  }

  @Post('properties/:id/sync')
  @HttpCode(202)
  @ResponseSchema(searchConsoleStateSchema)
  syncNow(@CurrentSession() session: RequestSession, @CurrentIdentity() identity: Identity, @Param('id', new ZodValidationPipe(searchConsolePropertyIdSchema)) id: string): Promise<SearchConsoleState> {
    return this.searchConsole.syncNow(session, identity, id);
  }

  /** The property's site: its own clicks and impressions by month, as Search Console's chart shows them. */
  @Get('properties/:id/months')
  @ResponseSchema(z.array(searchConsoleMonthSchema))
  months(@CurrentIdentity() identity: Identity, @Param('id', new ZodValidationPipe(searchConsolePropertyIdSchema)) id: string): Promise<SearchConsoleMonth[]> {
    return this.searchConsole.months(identity, id);
  }

  /** The property's site by country, each with the territory it lands in (null: shown only here, as "Other countries"). */
  @Get('properties/:id/countries')
  @ResponseSchema(z.array(searchConsoleCountrySchema))
  countries(@CurrentIdentity() identity: Identity, @Param('id', new ZodValidationPipe(searchConsolePropertyIdSchema)) id: string): Promise<SearchConsoleCountry[]> {
    return this.searchConsole.countries(identity, id);
  }

  @Post('disconnect')
  @HttpCode(200)
  @ResponseSchema(searchConsoleDisconnectedSchema)
  disconnect(
    @CurrentSession() session: RequestSession,
    @CurrentIdentity() identity: Identity,
    @Body(new ZodValidationPipe(disconnectSearchConsoleSchema)) body: z.infer<typeof disconnectSearchConsoleSchema>,
  ) {
    return this.searchConsole.disconnect(session, identity, body.removeData);
  }
}
