import { describe, expect, it } from '@jest/globals';
import type { ApiKeyRepository } from '@serpwise/database';
import type { Identity } from '../sessions/request-session.js';
import { ApiMeter } from './api-meter.js';
import { PublicApiError } from './public-api-error.js';

const identity = { user: { id: 'u1' }, planRoles: ['full'] } as unknown as Identity;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A meter over a fake repository whose count answers `answers` in turn, after `delayMs`. */
function meterWith(answers: Array<number | null>, delayMs = 0) {
  const counted: string[] = [];
  const keys = {
    meterCall: async (userId: string) => {
      counted.push(userId);
      await sleep(delayMs);
      return answers.shift() ?? null;
    },
  } as unknown as ApiKeyRepository;
  return { meter: new ApiMeter(keys), counted };
}

describe('ApiMeter', () => {
  it('counts the call beside its answer: the answer starts before the count ends', async () => {
    const { meter, counted } = meterWith([1], 30);
    const started = performance.now();
    let answerStartedAt = 0;
    const { value, meterWaitMs } = await meter.metered(identity, async () => {
      answerStartedAt = performance.now() - started;
      return 'page';
    });
    expect(value).toBe('page');
    expect(counted).toEqual(['u1']);
    expect(answerStartedAt).toBeLessThan(20);
    expect(meterWaitMs).toBeGreaterThan(10); // the quick answer waited for the slow count
  });

  it('adds nothing when the answer outlasts the count', async () => {
    const { meter } = meterWith([1]);
    const { meterWaitMs } = await meter.metered(identity, async () => {
      await sleep(20);
      return 'page';
    });
    expect(meterWaitMs).toBe(0);
  });

  it('answers 429 over the allowance, then counts first and reads nothing while still over', async () => {
    const { meter, counted } = meterWith([null, null, 7]);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return 'page';
    };
    await expect(meter.metered(identity, read)).rejects.toMatchObject({ status: 429 });
    expect(reads).toBe(1); // the first over-allowance call's read ran beside its count, and was dropped
    await expect(meter.metered(identity, read)).rejects.toBeInstanceOf(PublicApiError);
    expect(reads).toBe(1);
    expect((await meter.metered(identity, read)).value).toBe('page'); // allowed again (an upgrade): read after the count
    expect(reads).toBe(2);
    expect(counted).toHaveLength(3);
  });

  it('counts a call whose answer fails, and gives its error', async () => {
    const { meter, counted } = meterWith([1]);
    await expect(meter.metered(identity, () => Promise.reject(new Error('bad input')))).rejects.toThrow('bad input');
    expect(counted).toEqual(['u1']);
  });
});
