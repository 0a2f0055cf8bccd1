/**
 * A recurring schedule in words for the admin console (issue 23): "every Monday 06:24 UTC" from the cron pattern
 * `24 6 * * 1` with tz UTC, "every 15 minutes" from an interval. A pattern outside the common shapes is shown as
 * itself ("cron 5 4 1-7 * 1"), never guessed at.
 */
const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const dayAbbreviations = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthAbbreviations = monthNames.map((name) => name.slice(0, 3).toUpperCase());

const plainNumber = /^\d+$/;

function numberIn(field: string, min: number, max: number, names: readonly string[] = [], nameBase = 0): number | null {
  const upper = field.toUpperCase();
  const named = names.indexOf(upper);
  if (named >= 0) return named + nameBase;
  if (!plainNumber.test(field)) return null;
  const value = Number(field);
  return value >= min && value <= max ? value : null;
}

const dayOf = (field: string) => {
  const day = numberIn(field, 0, 7, dayAbbreviations);
  return day === null ? null : day % 7;
};

/** "1", "1,4", "1-5", "MON-FRI" → "Monday", "Monday and Thursday", "Monday to Friday"; null when not that simple. */
function daysInWords(field: string): string | null {
  const range = /^(\w+)-(\w+)$/.exec(field);
  if (range) {
    const [from, to] = [dayOf(range[1]!), dayOf(range[2]!)];
    return from === null || to === null ? null : `${dayNames[from]} to ${dayNames[to]}`;
  }
  const days = field.split(',').map(dayOf);
  if (days.some((day) => day === null)) return null;
  const names = days.map((day) => dayNames[day!]!);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function ordinal(value: number): string {
  const tens = value % 100;
  if (tens >= 11 && tens <= 13) return `${value}th`;
  return `${value}${['th', 'st', 'nd', 'rd'][value % 10] ?? 'th'}`;
}

const two = (value: number) => String(value).padStart(2, '0');

function zoneText(tz: string | null): string {
  if (tz === null) return 'server time';
  return tz === 'Etc/UTC' ? 'UTC' : tz;
}

/** An interval in words: 900000 → "every 15 minutes", 3600000 → "every hour". */
export function intervalInWords(everyMs: number): string {
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1_000, 'second'],
  ];
  for (const [size, unit] of units) {
    if (everyMs >= size && everyMs % size === 0) {
      const count = everyMs / size;
      return count === 1 ? `every ${unit}` : `every ${count} ${unit}s`;
    }
  }
  return `every ${everyMs} ms`;
}

/** A cron pattern (5 fields, or 6 with seconds first) in words; the pattern itself when its shape is not a common one. */
export function cronInWords(pattern: string, tz: string | null): string {
  const fields = pattern.trim().split(/\s+/);
  const fallback = `cron ${pattern.trim()} (${zoneText(tz)})`;
  if (fields.length === 6) {
    if (fields[0] !== '0') return fallback;
    fields.shift();
  }
  if (fields.length !== 5) return fallback;
  const [minuteField, hourField, dayField, monthField, weekdayField] = fields as [string, string, string, string, string];
  const minute = numberIn(minuteField, 0, 59);
  const hour = numberIn(hourField, 0, 23);
  const everyDay = dayField === '*' && monthField === '*';

  if (everyDay && weekdayField === '*') {
    if (minuteField === '*' && hourField === '*') return 'every minute';
    const minuteStep = /^\*\/(\d+)$/.exec(minuteField);
    if (minuteStep && hourField === '*') return intervalInWords(Number(minuteStep[1]) * 60_000);
    if (minute !== null && hourField === '*') return `every hour at :${two(minute)}`;
    const hourStep = /^\*\/(\d+)$/.exec(hourField);
    if (minute !== null && hourStep) return `${intervalInWords(Number(hourStep[1]) * 3_600_000)} at :${two(minute)} (${zoneText(tz)})`;
  }
  if (minute === null || hour === null) return fallback;
  const at = `${two(hour)}:${two(minute)} ${zoneText(tz)}`;

  if (everyDay && weekdayField === '*') return `every day ${at}`;
  if (everyDay) {
    const days = daysInWords(weekdayField);
    return days ? `every ${days} ${at}` : fallback;
  }
  const day = numberIn(dayField, 1, 31);
  if (day === null || weekdayField !== '*') return fallback;
  if (monthField === '*') return `every ${ordinal(day)} of the month ${at}`;
  const month = numberIn(monthField, 1, 12, monthAbbreviations, 1);
  return month === null ? fallback : `every ${day} ${monthNames[month - 1]} ${at}`;
}

/** A job scheduler's repetition in words: its interval, else its cron pattern. */
export function scheduleInWords(schedule: { everyMs: number | null; pattern: string | null; tz: string | null }): string {
  if (schedule.everyMs) return intervalInWords(schedule.everyMs);
  if (schedule.pattern) return cronInWords(schedule.pattern, schedule.tz);
  return 'once';
}
