import { describe, expect, it } from '@jest/globals';
import { minuteSlots } from './queue-charts';

type Sample = Parameters<typeof minuteSlots>[0][number];
const sampleAt = (at: string) => ({ at }) as Sample;
const timeOf = (time: number) => new Date(time).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

describe('minuteSlots (the console charts\' 24 hours, one slot a minute)', () => {
  it('labels every minute as the browser writes a time, a gap where no sample was kept', () => {
    const from = '2026-11-28T08:00:00.000Z';
    const to = '2026-11-28T08:03:00.000Z';
    const first = sampleAt('2026-11-28T08:00:00.000Z');
    const later = sampleAt('2026-11-28T08:02:00.000Z');
    const { slots, labels } = minuteSlots([first, later], from, to);
    expect(slots).toEqual([first, null, later, null]);
    expect(labels).toEqual([0, 1, 2, 3].map((minute) => timeOf(Date.parse(from) + minute * 60_000)));
  });

  it('starts at the first sample kept when there is less history than the window (a new install)', () => {
    const from = '2026-11-27T14:05:00.000Z';
    const to = '2026-11-28T14:05:00.000Z';
    const samples = [sampleAt('2026-11-28T13:52:00.000Z'), sampleAt('2026-11-28T14:04:00.000Z')];
    const { slots, labels } = minuteSlots(samples, from, to);
    expect(slots).toHaveLength(14);
    expect(slots[0]).toBe(samples[0]);
    expect(labels[0]).toBe(timeOf(Date.parse('2026-11-28T13:52:00.000Z')));
    expect(labels[0]).not.toBe(labels.at(-1));
  });

  it('names the day when the window spans two, so its two ends do not read the same time', () => {
    const from = '2026-11-27T14:05:00.000Z';
    const to = '2026-11-28T14:05:00.000Z';
    const { slots, labels } = minuteSlots([sampleAt(from), sampleAt(to)], from, to);
    expect(slots).toHaveLength(1441);
    expect(labels[0]).not.toBe(labels.at(-1));
    expect(labels[0]).toContain(new Date(from).toLocaleDateString([], { month: 'short', day: 'numeric' }));
  });
});
