import { HttpException } from '@nestjs/common';

/**
 * A refused billing or team call, shaped like the account calls' refusals ({statusCode, message, errors,
 * data: {isSuccessful: false, errors}}), for any status including 404.
 */
export class BillingRefusal extends HttpException {
  constructor(status: 400 | 402 | 403 | 404 | 409, errors: string[]) {
    super({ statusCode: status, message: errors[0] ?? 'The request was refused.', errors, data: { isSuccessful: false, errors } }, status);
  }
}

/** The success answer of the account action calls. */
export const succeeded = <T extends object>(extra: T) => ({ data: { isSuccessful: true as const, errors: [] as string[], ...extra } });
