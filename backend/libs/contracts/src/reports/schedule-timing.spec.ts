import { describe, expect, it } from '@jest/globals';
import { describeSchedule, isKnownTimeZone, type PdfExportFormError, pdfExportMessages, readPdfExportForm, scheduleCronPattern } from './pdf-export.api.js';

// When a scheduled report goes out (issue 22 point 1): the form's fields, the cron pattern, the words.
describe('schedule timing', () => {
  const form = (extra: Record<string, string>) => ({ itemName: 'acme.example', countryCode: 'US', frequency: 'WEEKLY', ...extra });

  it('reads the day, time and zone of the form, with Monday / the 1st at 06:00 UTC where none is given', () => {
    expect(readPdfExportForm(form({})).timing).toEqual({ dayOfWeek: 1, dayOfMonth: 1, time: '06:00', timeZone: 'UTC' });
    expect(readPdfExportForm(form({ dayOfWeek: '0', dayOfMonth: '28', time: '23:59', timeZone: 'America/New_York' })).timing).toEqual({
      dayOfWeek: 0,
      dayOfMonth: 28,
      time: '23:59',
      timeZone: 'America/New_York',
    });
  });

  it('refuses a day, time or zone that does not exist, with its message', () => {
    const refusal = (extra: Record<string, string>) => {
      try {
        readPdfExportForm(form(extra));
        return null;
      } catch (error) {
        return (error as PdfExportFormError).messages;
      }
    };
    expect(refusal({ dayOfWeek: '7' })).toEqual([pdfExportMessages.dayOfWeek]);
    expect(refusal({ dayOfWeek: 'Monday' })).toEqual([pdfExportMessages.dayOfWeek]);
    expect(refusal({ dayOfMonth: '0' })).toEqual([pdfExportMessages.dayOfMonth]);
    expect(refusal({ dayOfMonth: '29' })).toEqual([pdfExportMessages.dayOfMonth]);
    expect(refusal({ time: '24:00' })).toEqual([pdfExportMessages.time]);
    expect(refusal({ time: '06:60' })).toEqual([pdfExportMessages.time]);
    expect(refusal({ timeZone: 'Europe/Atlantis' })).toEqual([pdfExportMessages.timeZone]);
    expect(isKnownTimeZone('Asia/Kolkata')).toBe(true);
    expect(isKnownTimeZone('')).toBe(false);
  });

  it('makes the cron pattern and the words of a schedule', () => {
    expect(scheduleCronPattern('WEEKLY', { dayOfWeek: 3, dayOfMonth: 1, time: '09:05' })).toBe('5 9 * * 3');
    expect(scheduleCronPattern('MONTHLY', { dayOfWeek: 1, dayOfMonth: 15, time: '00:00' })).toBe('0 0 15 * *');
    expect(describeSchedule('WEEKLY', { dayOfWeek: 1, dayOfMonth: 1, time: '09:00', timeZone: 'Europe/Berlin' })).toBe('Weekly on Mondays at 09:00 (Europe/Berlin)');
    expect(describeSchedule('MONTHLY', { dayOfWeek: 1, dayOfMonth: 22, time: '06:00', timeZone: 'UTC' })).toBe('Monthly on the 22nd at 06:00 (UTC)');
    expect(describeSchedule('MONTHLY', { dayOfWeek: 1, dayOfMonth: 11, time: '06:00', timeZone: 'UTC' })).toBe('Monthly on the 11th at 06:00 (UTC)');
  });
});
