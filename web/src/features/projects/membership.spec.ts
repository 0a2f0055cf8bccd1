import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { TermProjects } from '@serpwise/contracts';
import { createMembershipStore, membershipDebounceMs } from './membership';

describe('term membership re-sync (docs/product/projects.md §4: debounced 100 ms)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('asks once for every term registered within 100 ms, then answers per term; refresh asks again', async () => {
    const search = jest.fn<(terms: string[]) => Promise<TermProjects[]>>().mockResolvedValue([
      { termId: 7, term: 'red shoes', projects: [{ projectId: 'p1', projectName: 'Launch' }] },
    ]);
    const store = createMembershipStore(search);
    store.register('Red Shoes');
    jest.advanceTimersByTime(membershipDebounceMs - 1);
    store.register('blue shoes');
    jest.advanceTimersByTime(membershipDebounceMs - 1);
    expect(search).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith(['red shoes', 'blue shoes']);
    expect(store.get('red shoes')).toEqual({ termId: 7, projectIds: ['p1'] });
    expect(store.get('blue shoes')).toEqual({ termId: null, projectIds: [] });

    store.register('red shoes');
    await jest.advanceTimersByTimeAsync(membershipDebounceMs);
    expect(search).toHaveBeenCalledTimes(1);
    store.refresh();
    expect(store.get('red shoes')).toBeUndefined();
    await jest.advanceTimersByTimeAsync(membershipDebounceMs);
    expect(search).toHaveBeenCalledTimes(2);
  });
});
