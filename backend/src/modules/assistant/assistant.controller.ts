import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import {
  assistantChatSchema,
  assistantReplySchema,
  assistantStatusSchema,
  type AssistantChatRequest,
  type AssistantReply,
  type AssistantStatus,
} from '@serpwise/contracts';
import type { Request } from 'express';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { identityOf } from '../sessions/request-session.js';
import { AssistantService } from './assistant.service.js';
import { ResponseSchema } from '../../common/route-response-schema.js';

/**
 * The research assistant (docs/product/site.md §2). Public like the research it looks up: a visitor's and a free
 * user's answers carry only what their research pages show, and each plan has its own questions per hour.
 */
@Access('public')
@Controller('rest/assistant')
export class AssistantController {
  constructor(private readonly assistant: AssistantService) {}

  /** Whether the server has a model to chat with, and the sentence the page shows when not. */
  @Get()
  @ResponseSchema(assistantStatusSchema)
  status(): AssistantStatus {
    return this.assistant.status();
  }

  /** The conversation with its new question; answers the reply and the research pages it used. */
  @Post('chat')
  @HttpCode(200)
  @ResponseSchema(assistantReplySchema)
  chat(@Body(new ZodValidationPipe(assistantChatSchema)) body: AssistantChatRequest, @Req() request: Request): Promise<AssistantReply> {
    return this.assistant.ask(body, { identity: identityOf(request), address: request.ip ?? 'unknown' });
  }
}
