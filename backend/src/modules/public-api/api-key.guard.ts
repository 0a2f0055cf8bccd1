import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { IdentityService } from '../sessions/identity.service.js';
import { PublicApiError } from './public-api-error.js';

/** The header a public API call carries its key in. */
export const apiKeyHeader = 'x-api-key';

/** Seconds from `now` to the start of the next calendar month (UTC), when a used-up allowance renews. */
export const secondsToNextMonth = (now: Date): number => {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
};

/**
 * Authenticates a public API call by its key: the key's owner becomes the request's identity (so the research reads
 * see what that account sees: its plan's paid columns and row allowance, its own imports). The call is then counted
 * against the owner's monthly allowance by ApiMeter, beside its answer; a call refused here (no key, a revoked key)
 * is not counted.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly identities: IdentityService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const key = request.get(apiKeyHeader)?.trim();
    if (!key) throw new PublicApiError(401, 'missing_api_key', `Send your API key in the ${apiKeyHeader} header (create one under Account › API).`);
    const identity = await this.identities.loadByApiKey(key);
    if (!identity) throw new PublicApiError(401, 'invalid_api_key', 'The API key is not valid: it was revoked or replaced by a newer one.');
    // The key, not a browser session, says who is calling: whatever cookie came along is not used.
    request.serpwiseIdentity = identity;
    return true;
  }
}
