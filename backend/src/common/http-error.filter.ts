import { ArgumentsHost, Catch, HttpException, HttpStatus, type ExceptionFilter } from '@nestjs/common';
import type { ApiError } from '@serpwise/contracts';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { retryAfterOf } from '../modules/limits/limit-exceeded.js';
import { unavailableMessages, unavailableRetryAfterSeconds, unavailableServiceOf } from './service-unavailable.js';

/** Body-parser failures (Express hands them over with the parser error as cause), in words a person reads. */
const bodyParserMessages: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': 'The request body is too large.',
  'charset.unsupported': 'The request body uses a character set the server does not accept; send UTF-8.',
  'encoding.unsupported': 'The request body uses a content encoding the server does not accept.',
};

/** Every error leaves as { statusCode, message, errors? }; unexpected ones are logged and never leak internals. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    // PostgreSQL or Redis out of reach: a 503 the client may retry, and a warning, not a stack of errors per request.
    const unavailable = exception instanceof HttpException ? null : unavailableServiceOf(exception);
    if (unavailable) {
      this.logger.warn({ service: unavailable, err: exception, url: request.originalUrl }, `request failed: ${unavailable} unavailable`);
      if (!response.headersSent) {
        response.setHeader('retry-after', String(unavailableRetryAfterSeconds));
        response.status(HttpStatus.SERVICE_UNAVAILABLE).json({ statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: unavailableMessages[unavailable] } satisfies ApiError);
      }
      return;
    }
    const body = this.toBody(exception);
    if (body.statusCode >= 500) this.logger.error({ err: exception, url: request.originalUrl }, 'request failed');
    if (response.headersSent) return;
    // A limit's 429 says when to come back (RFC 9110 Retry-After, in seconds).
    const retryAfter = body.statusCode === 429 ? retryAfterOf(exception) : null;
    if (retryAfter !== null) response.setHeader('Retry-After', String(retryAfter));
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): ApiError {
    if (!(exception instanceof HttpException)) {
      return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Something went wrong on our side. Please try again.' };
    }
    const statusCode = exception.getStatus();
    const parserError = (exception.cause as { type?: string } | undefined)?.type;
    if (parserError && bodyParserMessages[parserError]) return { statusCode, message: bodyParserMessages[parserError] };
    const answer = exception.getResponse();
    if (typeof answer === 'string') return { statusCode, message: answer };
    const { message, errors, data } = answer as { message?: unknown; errors?: unknown; data?: unknown };
    const text = Array.isArray(message) ? message.join(' ') : typeof message === 'string' ? message : exception.message;
    const body: ApiError = Array.isArray(errors) ? { statusCode, message: text, errors: errors.map(String) } : { statusCode, message: text };
    // The documented auth and account calls read data.isSuccessful / data.errors even on a refusal.
    return data && typeof data === 'object' ? { ...body, data: data as Record<string, unknown> } : body;
  }
}
