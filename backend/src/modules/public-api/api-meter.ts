import { Injectable } from '@nestjs/common';
import { apiMonthlyCallLimitOf } from '@serpwise/contracts';
import { ApiKeyRepository } from '@serpwise/database';
import type { Identity } from '../sessions/request-session.js';
import { secondsToNextMonth } from './api-key.guard.js';
import { PublicApiError } from './public-api-error.js';

/** How long an account found over its allowance has its calls counted before they are answered (see metered). */
const overAllowanceMemoryMs = 60_000;

export interface MeteredAnswer<T> {
  value: T;
  /** How long the answer, once ready, still waited for the count (0 when the count came first): what metering added. */
  meterWaitMs: number;
}

/**
 * Meters public API calls against the key owner's monthly allowance (one statement per call, ApiKeyRepository.meterCall)
 * without putting that statement in front of the answer: the count runs beside the answer and the call waits for both,
 * so metering adds only what the count outlasts the read (issue 25 point 5: under 1 ms p95). The allowance still holds
 * exactly: nothing is sent before the count says the call is within it (else 429 with Retry-After, the read dropped).
 * An account just found over its allowance has its next calls counted first, so a client past its allowance costs
 * no reads (remembered a minute in this process: an upgrade takes effect within that).
 */
@Injectable()
export class ApiMeter {
  private readonly overAllowanceUntil = new Map<string, number>();

  constructor(private readonly keys: ApiKeyRepository) {}

  async metered<T>(identity: Identity, answer: () => Promise<T>): Promise<MeteredAnswer<T>> {
    const userId = identity.user.id;
    const counting = this.keys.meterCall(userId, apiMonthlyCallLimitOf(identity.planRoles));
    if ((this.overAllowanceUntil.get(userId) ?? 0) > Date.now()) {
      this.refuseIfOver(userId, await counting);
      this.overAllowanceUntil.delete(userId);
      return { value: await answer(), meterWaitMs: 0 };
    }
    let answeredAt = 0;
    const answering = (async () => {
      try {
        return { value: await answer() };
      } catch (error) {
        return { error };
      } finally {
        answeredAt = performance.now();
      }
    })();
    const calls = await counting.catch(async (error: unknown) => {
      await answering; // settle the read before failing the call (no rejection left unhandled)
      throw error;
    });
    const countedAt = performance.now();
    const outcome = await answering;
    this.refuseIfOver(userId, calls);
    if ('error' in outcome) throw outcome.error;
    return { value: outcome.value, meterWaitMs: answeredAt < countedAt ? countedAt - answeredAt : 0 };
  }

  private refuseIfOver(userId: string, calls: number | null): void {
    if (calls !== null) return;
    this.overAllowanceUntil.set(userId, Date.now() + overAllowanceMemoryMs);
    throw new PublicApiError(429, 'quota_exceeded', 'This month’s API allowance of your plan is used up; it renews on the first day of next month.', secondsToNextMonth(new Date()));
  }
}
