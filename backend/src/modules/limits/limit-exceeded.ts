import { HttpException } from '@nestjs/common';

/** What a 429 carries besides its message: when to try again, and (research) where the web sends the user. */
export interface LimitAnswerData {
  retryAfterSeconds: number;
  /** The spec's 'slow the scraping' path (docs/product/site.md §4), set on research limits only. */
  slowScrapingPath?: string;
  [key: string]: unknown;
}

/**
 * A request over one of the install's limits: 429 with a sentence a person reads and `Retry-After` (the error filter
 * writes the header from `retryAfterSeconds`).
 */
export class LimitExceeded extends HttpException {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number, data: Record<string, unknown> = {}) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super({ statusCode: 429, message, errors: [message], data: { ...data, retryAfterSeconds: seconds } satisfies LimitAnswerData }, 429);
    this.retryAfterSeconds = seconds;
  }
}

/** The seconds of a `Retry-After` header for an exception that carries them (LimitExceeded, a login refusal). */
export function retryAfterOf(exception: unknown): number | null {
  const seconds = (exception as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}
