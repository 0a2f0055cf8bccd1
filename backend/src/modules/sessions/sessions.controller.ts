import { Controller, Get } from '@nestjs/common';
import { CurrentSession, type RequestSession } from './request-session.js';
import { Access } from '../access/access.decorator.js';
import { sessionBootstrapSchema, type SessionBootstrap } from '@serpwise/contracts';
import { ResponseSchema } from '../../common/route-response-schema.js';

@Access('session')
@Controller('rest/session')
export class SessionsController {
  /** The session bootstrap for clients without the page meta tag (the Vite dev server, scripts). */
  @Get()
  @ResponseSchema(sessionBootstrapSchema)
  current(@CurrentSession() session: RequestSession): SessionBootstrap {
    return { sessionId: session.id, userId: session.userId, csrfToken: session.csrfToken };
  }
}
