import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response, Request } from 'express';
import { unavailableMessages, unavailableRetryAfterSeconds, unavailableServiceOf } from '../../common/service-unavailable.js';
import { PublicApiError, type PublicApiErrorBody, type PublicApiErrorCode } from './public-api-error.js';

/** The code of an HTTP refusal raised by the code the public API shares with the web API (validation, project scope …). */
const codeOfStatus = (status: number): PublicApiErrorCode =>
  status === 400 ? 'invalid_request' : status === 401 ? 'invalid_api_key' : status === 403 ? 'forbidden' : status === 404 ? 'not_found' : status === 503 ? 'service_unavailable' : status >= 500 ? 'internal_error' : 'invalid_request';

const messageOf = (exception: HttpException): string => {
  const answer = exception.getResponse();
  if (typeof answer === 'string') return answer;
  const { message, errors } = answer as { message?: unknown; errors?: unknown };
  // A validation refusal lists every problem: the client gets them all in one sentence.
  if (Array.isArray(errors) && errors.length > 1) return errors.map(String).join(' ');
  return Array.isArray(message) ? message.join(' ') : typeof message === 'string' ? message : exception.message;
};

/** Turns every error of a public API route into `{ error: { code, message } }` (docs/product/public-api.md, Errors). */
@Catch()
export class PublicApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('PublicApi');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<Request>();
    const { status, body, retryAfter } = this.answerOf(exception, request);
    if (response.headersSent) return;
    if (retryAfter !== null) response.setHeader('Retry-After', String(retryAfter));
    response.status(status).json(body);
  }

  private answerOf(exception: unknown, request: Request): { status: number; body: PublicApiErrorBody; retryAfter: number | null } {
    const answer = (status: number, code: PublicApiErrorCode, message: string, retryAfter: number | null = null) => ({ status, body: { error: { code, message } }, retryAfter });
    if (exception instanceof PublicApiError) return answer(exception.status, exception.code, exception.message, exception.retryAfterSeconds);
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status >= 500) this.logFailure(request, exception);
      return answer(status, codeOfStatus(status), messageOf(exception));
    }
    const unavailable = unavailableServiceOf(exception);
    if (unavailable) {
      this.logger.warn(`${request.method} ${request.path} failed: ${unavailable} unavailable`);
      return answer(503, 'service_unavailable', unavailableMessages[unavailable], unavailableRetryAfterSeconds);
    }
    this.logFailure(request, exception);
    return answer(500, 'internal_error', 'Something went wrong on our side. Please try again.');
  }

  private logFailure(request: Request, exception: unknown): void {
    this.logger.error(`${request.method} ${request.path} failed: ${exception instanceof Error ? exception.message : String(exception)}`, exception instanceof Error ? exception.stack : undefined);
  }
}
