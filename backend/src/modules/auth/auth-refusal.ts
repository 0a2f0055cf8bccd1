import { HttpException } from '@nestjs/common';

/**
 * A refused auth or account call: the HTTP status says what kind of refusal, and the body carries the documented
 * data.isSuccessful = false with data.errors, so the client shows the same messages whatever the status.
 */
export class AuthRefusal extends HttpException {
  constructor(
    status: 400 | 401 | 403 | 409 | 429,
    errors: string[],
    /** A 429's wait, sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super({ statusCode: status, message: errors[0] ?? 'The request was refused.', errors, data: { isSuccessful: false, errors } }, status);
  }
}
