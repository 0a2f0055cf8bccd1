import { describe, expect, it } from '@jest/globals';
import { minuteSlots } from './queue-charts';

describe('minuteSlots (the console charts\' 24 hours, one slot a minute)', () => {
  it('labels every minute as the browser writes a time, a gap where no sample was kept', () => {
    const from = '2026-11-28T08:00:00.000Z';
    const to = '2026-11-28T08:03:00.000Z';
    const sample = { at: '2026-11-28T08:01:00.000Z' } as Parameters<typeof minuteSlots>[0][number];
    const { slots, labels } = minuteSlots([sample], from, to);
    expect(slots).toEqual([null, sample, null, null]);
    expect(labels).toEqual([0, 1, 2, 3].map((minute) => new Date(Date.parse(from) + minute * 60_000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })));
  });
});
