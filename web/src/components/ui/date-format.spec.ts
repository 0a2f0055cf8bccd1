import { describe, expect, it } from '@jest/globals';
import { checkDateRange, dateRangeMessages, formatLongDate, formatUsDate, ordinal, parseUsDate } from './date-format';

describe('date range rules', () => {
  it('reads MM/DD/YYYY and refuses days that do not exist', () => {
    expect(parseUsDate('01/05/2026')).toEqual(new Date(2026, 0, 5));
    expect(parseUsDate(' 1/5/2026 ')).toEqual(new Date(2026, 0, 5));
    expect(parseUsDate('02/29/2024')).toEqual(new Date(2024, 1, 29));
    for (const bad of ['02/29/2026', '02/30/2026', '13/01/2026', '00/10/2026', '12/32/2026', '2026-01-05', '01/05/26', '05.01.2026', 'soon', ''])
      expect(parseUsDate(bad)).toBeNull();
  });

  it("displays like 'MMM Do, YYYY'", () => {
    expect(formatLongDate(new Date(2026, 0, 5))).toBe('Jan 5th, 2026');
    expect(formatLongDate(new Date(2026, 8, 1))).toBe('Sep 1st, 2026');
    expect(formatLongDate(new Date(2026, 1, 22))).toBe('Feb 22nd, 2026');
    expect(formatLongDate(new Date(2025, 11, 23))).toBe('Dec 23rd, 2025');
    expect([11, 12, 13, 21, 31, 30, 2, 3, 4].map(ordinal)).toEqual(['11th', '12th', '13th', '21st', '31st', '30th', '2nd', '3rd', '4th']);
    expect(formatUsDate(new Date(2026, 2, 7))).toBe('03/07/2026');
  });

  it('marks an empty start or end invalid without a message', () => {
    const check = checkDateRange('', '02/01/2026');
    expect(check.start).toEqual({ invalid: true, message: null });
    expect(check.end).toEqual({ invalid: false, message: null });
    expect(check.range).toBeNull();
    expect(checkDateRange('01/05/2026', '  ').end).toEqual({ invalid: true, message: null });
  });

  it('says a date is not valid, and that the end must come after the start', () => {
    expect(dateRangeMessages.invalidDate).toBe("This doesn't appear to be a valid date.");
    expect(checkDateRange('02/30/2026', '03/01/2026').start).toEqual({ invalid: true, message: "This doesn't appear to be a valid date." });
    const reversed = checkDateRange('02/01/2026', '01/05/2026');
    expect(reversed.start.invalid).toBe(false);
    expect(reversed.end).toEqual({ invalid: true, message: 'The end date must be after the start date.' });
    expect(reversed.range).toBeNull();
  });

  it('gives both days and the displayed text for a valid range, a one-day range included', () => {
    expect(checkDateRange('01/05/2026', '02/01/2026').range).toEqual({ start: new Date(2026, 0, 5), end: new Date(2026, 1, 1), text: 'Jan 5th, 2026 – Feb 1st, 2026' });
    expect(checkDateRange('03/03/2026', '03/03/2026').range?.text).toBe('Mar 3rd, 2026 – Mar 3rd, 2026');
  });
});
