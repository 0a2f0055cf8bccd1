import { z } from 'zod';

/**
 * The stable error codes of the public API (docs/product/public-api.md): a client branches on `code`, never on the
 * message, which may be reworded.
 */
export const publicApiErrorCodes = [
  'missing_api_key',
  'invalid_api_key',
  'plan_required',
  'quota_exceeded',
  'invalid_request',
  'not_found',
  'forbidden',
  'service_unavailable',
  'internal_error',
] as const;
export type PublicApiErrorCode = (typeof publicApiErrorCodes)[number];

/** Every public API error answers `{ error: { code, message } }`. */
export const publicApiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(publicApiErrorCodes),
      message: z.string(),
    }),
  })
  .meta({ id: 'Error' });
export type PublicApiErrorBody = z.infer<typeof publicApiErrorSchema>;

/** A refusal the public API raises itself, with its code (and, for 429 and 503, the seconds to wait). */
export class PublicApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: PublicApiErrorCode,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}
