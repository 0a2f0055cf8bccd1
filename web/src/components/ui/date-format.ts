/**
 * Dates of the date range widget (docs/product/account-exports-reports.md §5): typed as MM/DD/YYYY, shown like 'MMM Do, YYYY' (Jan 5th, 2026). Dates are
 * calendar days in the browser's time zone, without a time.
 */
export const dateRangeMessages = {
  invalidDate: "This doesn't appear to be a valid date.",
  endBeforeStart: 'The end date must be after the start date.',
} as const;

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** MM/DD/YYYY (one-digit months and days are accepted too) → the day, or null when it is not a real date. */
export function parseUsDate(text: string): Date | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // new Date rolls 02/30 over into March: a date that does not come back unchanged does not exist.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/** The day as MM/DD/YYYY, for the input boxes. */
export const formatUsDate = (date: Date) =>
  `${String(date.getMonth() + 1).padStart(2, '0')}/${String(date.getDate()).padStart(2, '0')}/${date.getFullYear()}`;

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/** 'MMM Do, YYYY': Jan 5th, 2026. */
export const formatLongDate = (date: Date) => `${monthNames[date.getMonth()]} ${ordinal(date.getDate())}, ${date.getFullYear()}`;

export interface DateFieldCheck {
  /** The field is marked red. */
  invalid: boolean;
  /** The message under it; an empty field is marked without one. */
  message: string | null;
}

export interface DateRangeCheck {
  start: DateFieldCheck;
  end: DateFieldCheck;
  /** Both days and the displayed text, when the range is valid. */
  range: { start: Date; end: Date; text: string } | null;
}

const fieldCheck = (text: string, date: Date | null): DateFieldCheck =>
  text.trim() === '' ? { invalid: true, message: null } : date ? { invalid: false, message: null } : { invalid: true, message: dateRangeMessages.invalidDate };

/**
 * The range rules: an empty start or end marks that field invalid, a date that does not exist says "This doesn't
 * appear to be a valid date.", and an end before the start says 'The end date must be after the start date.' A
 * one-day range (end on the start day) is valid.
 */
export function checkDateRange(startText: string, endText: string): DateRangeCheck {
  const startDate = parseUsDate(startText);
  const endDate = parseUsDate(endText);
  const start = fieldCheck(startText, startDate);
  let end = fieldCheck(endText, endDate);
  if (startDate && endDate && endDate < startDate) end = { invalid: true, message: dateRangeMessages.endBeforeStart };
  const range = startDate && endDate && !end.invalid ? { start: startDate, end: endDate, text: `${formatLongDate(startDate)} – ${formatLongDate(endDate)}` } : null;
  return { start, end, range };
}
