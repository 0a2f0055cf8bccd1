import { Controller, Get, Query, Req } from '@nestjs/common';
import { loggedInEventRequestSchema, type LoggedInEventRequest } from '@serpwise/contracts';
import type { Request } from 'express';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { sessionOf } from '../sessions/request-session.js';
import { MissedSearchService } from './missed-search.service.js';
import { Access } from '../access/access.decorator.js';

/** GET /endpoints/accountapi/performloggedineventlogging: the missed-search log (docs/product/site.md §7). */
@Access('public')
@Controller('endpoints/accountapi')
export class MissedSearchController {
  constructor(private readonly missedSearches: MissedSearchService) {}

  @Get('performloggedineventlogging')
  log(@Req() request: Request, @Query(new ZodValidationPipe(loggedInEventRequestSchema)) event: LoggedInEventRequest) {
    return this.missedSearches.log(sessionOf(request), event);
  }
}
