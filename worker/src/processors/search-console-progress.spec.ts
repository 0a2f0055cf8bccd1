import { describe, expect, it } from '@jest/globals';
import { SyncDayProgress } from './search-console-progress.js';

describe('a Search Console sync’s progress in days', () => {
  it('ends at its total when Google has not published the newest days yet', () => {
    // A 61-day range, 10 days kept by an earlier sync; 49 more are kept, the newest 2 come back empty.
    const progress = new SyncDayProgress(61, 10);
    expect([progress.done, progress.total]).toEqual([10, 61]);
    for (let day = 0; day < 49; day += 1) progress.dayKept();
    progress.dayNotPublishedYet();
    progress.dayNotPublishedYet();
    expect([progress.done, progress.total]).toEqual([59, 59]);
    expect(progress.pendingNote).toBe(' (Google has not published the newest 2 days yet)');
  });

  it('counts a late day once, and says nothing when every day came', () => {
    // A day in the middle of the newest ones can be empty while a newer one is not (it had no searches, yet).
    const progress = new SyncDayProgress(4, 0);
    progress.dayKept();
    progress.dayKept();
    progress.dayNotPublishedYet();
    progress.dayKept();
    expect([progress.done, progress.total]).toEqual([3, 3]);
    expect(progress.pendingNote).toBe(' (Google has not published the newest day yet)');
    expect(new SyncDayProgress(5, 5).pendingNote).toBe('');
  });
});
