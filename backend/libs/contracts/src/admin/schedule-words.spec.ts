import { describe, expect, it } from '@jest/globals';
import { cronInWords, intervalInWords, scheduleInWords } from './schedule-words.js';

describe('schedules in words', () => {
  it('says a scheduled report’s pattern as the issue does', () => {
    expect(cronInWords('24 6 * * 1', 'UTC')).toBe('every Monday 06:24 UTC');
    expect(cronInWords('7 6 1 * *', 'UTC')).toBe('every 1st of the month 06:07 UTC');
  });

  it('says days, ranges and lists of weekdays', () => {
    expect(cronInWords('0 9 * * 1-5', 'Europe/Berlin')).toBe('every Monday to Friday 09:00 Europe/Berlin');
    expect(cronInWords('30 18 * * 1,4', 'UTC')).toBe('every Monday and Thursday 18:30 UTC');
    expect(cronInWords('30 18 * * 0', 'UTC')).toBe('every Sunday 18:30 UTC');
    expect(cronInWords('30 18 * * 7', 'UTC')).toBe('every Sunday 18:30 UTC');
    expect(cronInWords('30 18 * * SAT', 'UTC')).toBe('every Saturday 18:30 UTC');
    expect(cronInWords('15 3 * * *', 'UTC')).toBe('every day 03:15 UTC');
    expect(cronInWords('0 0 25 12 *', 'UTC')).toBe('every 25 December 00:00 UTC');
    expect(cronInWords('0 0 22 * *', 'UTC')).toBe('every 22nd of the month 00:00 UTC');
    expect(cronInWords('0 0 11 * *', 'UTC')).toBe('every 11th of the month 00:00 UTC');
  });

  it('says minute and hour steps', () => {
    expect(cronInWords('*/15 * * * *', 'UTC')).toBe('every 15 minutes');
    expect(cronInWords('* * * * *', 'UTC')).toBe('every minute');
    expect(cronInWords('5 * * * *', 'UTC')).toBe('every hour at :05');
    expect(cronInWords('0 */6 * * *', 'UTC')).toBe('every 6 hours at :00 (UTC)');
    expect(cronInWords('0 24 6 * * 1', 'UTC')).toBe('every Monday 06:24 UTC');
  });

  it('names the server’s time when the scheduler has no zone', () => {
    expect(cronInWords('24 6 * * 1', null)).toBe('every Monday 06:24 server time');
  });

  it('shows an uncommon pattern as itself rather than guess', () => {
    expect(cronInWords('5 4 1-7 * 1', 'UTC')).toBe('cron 5 4 1-7 * 1 (UTC)');
    expect(cronInWords('61 4 * * *', 'UTC')).toBe('cron 61 4 * * * (UTC)');
    expect(cronInWords('every day', 'UTC')).toBe('cron every day (UTC)');
    expect(cronInWords('10 24 6 * * 1', 'UTC')).toBe('cron 10 24 6 * * 1 (UTC)');
  });

  it('says intervals', () => {
    expect(intervalInWords(900_000)).toBe('every 15 minutes');
    expect(intervalInWords(3_600_000)).toBe('every hour');
    expect(intervalInWords(86_400_000)).toBe('every day');
    expect(intervalInWords(30_000)).toBe('every 30 seconds');
    expect(intervalInWords(1_500)).toBe('every 1500 ms');
    expect(scheduleInWords({ everyMs: 600_000, pattern: null, tz: null })).toBe('every 10 minutes');
    expect(scheduleInWords({ everyMs: null, pattern: '24 6 * * 1', tz: 'UTC' })).toBe('every Monday 06:24 UTC');
  });
});
