/**
 * The rules of the stated opening hours (content/settings.yaml `hours`): which day names and hours
 * are accepted, and what a valid row means. Hours past midnight are stated as "all day" or as a day
 * ending at 23:59 and the next starting at 00:00.
 */
import { closestKey } from './schema-messages.ts';

/** The weekdays in the order people list them. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** One row of stated hours, e.g. `{ days: ['Monday'], hours: '06:00-23:00' }`. */
export interface HoursRow {
  days: readonly string[];
  /** "closed", "all day" or "HH:MM-HH:MM". */
  hours: string;
}

/** What a valid `hours` text means: closed, open all day, or open from `opens` to `closes` ("HH:MM"). */
export type DayHours = { kind: 'closed' } | { kind: 'allDay' } | { kind: 'open'; opens: string; closes: string };

const CLOSED = 'closed';
const ALL_DAY = 'all day';
const RANGE = /^(\d\d):(\d\d)-(\d\d):(\d\d)$/;

/** Minutes since midnight of "HH:MM", e.g. "06:30" -> 390. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/**
 * What is wrong with a day name, or undefined: it must be an English weekday spelt out with a
 * capital, e.g. "Saturday"; a near miss ("Saturdy", "saturday", "Sat") gets "did you mean".
 */
export function dayProblem(day: string): string | undefined {
  if ((WEEKDAYS as readonly string[]).includes(day)) return undefined;
  const near = closestKey(day, [...WEEKDAYS]) ?? WEEKDAYS.find((d) => day.length >= 2 && d.toLowerCase().startsWith(day.toLowerCase().replace(/\.$/, '')));
  return `must be a day of the week spelt out, e.g. "Monday", not '${day}'${near ? `; did you mean "${near}"?` : ''}`;
}

/**
 * What is wrong with a row's `hours` text, or undefined: "closed", "all day", or two 24-hour
 * times "HH:MM-HH:MM" from 00:00 to 23:59, the closing time later than the opening time.
 */
export function hoursProblem(hours: string): string | undefined {
  if (hours === CLOSED || hours === ALL_DAY) return undefined;
  const m = RANGE.exec(hours);
  if (!m) return `must be "closed", "all day" or an opening and closing time in 24-hour form like "06:00-23:00", not '${hours}'`;
  const [opens, closes] = [`${m[1]}:${m[2]}`, `${m[3]}:${m[4]}`];
  for (const t of [opens, closes]) {
    const [h, min] = t.split(':').map(Number);
    if (h > 23 || min > 59) return `must use times of day from 00:00 to 23:59 ("${t}" is not one; for a day open round the clock write "all day"), not '${hours}'`;
  }
  if (opens === closes) return `must close at another time than it opens (for a day open round the clock write "all day"), not '${hours}'`;
  if (minutesOf(closes) < minutesOf(opens)) {
    return `must close after it opens on the same day: hours past midnight are not supported (end the day at "23:59" and open the next at "00:00", or write "all day"), not '${hours}'`;
  }
  return undefined;
}

/** The meaning of a valid `hours` text (see hoursProblem). */
export function parseHours(hours: string): DayHours {
  if (hours === CLOSED) return { kind: 'closed' };
  if (hours === ALL_DAY) return { kind: 'allDay' };
  const [opens, closes] = hours.split('-');
  return { kind: 'open', opens, closes };
}

/** What is wrong with the rows as a week (each weekday exactly once), and the path below `hours` of its field; or undefined. */
export function weekProblem(rows: readonly HoursRow[]): { path: (string | number)[]; message: string } | undefined {
  const seen = new Map<string, number>();
  for (const [i, row] of rows.entries()) {
    for (const [j, day] of row.days.entries()) {
      if (seen.has(day)) return { path: [i, 'days', j], message: `names ${day} a second time (also in row ${seen.get(day)! + 1}): list each day once` };
      seen.set(day, i);
    }
  }
  const missing = WEEKDAYS.filter((d) => !seen.has(d));
  if (missing.length) return { path: [], message: `must state every day of the week: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (add it with hours "closed" if you are closed that day)` };
  return undefined;
}

/** The hours of each weekday, Monday first, from valid rows. */
export function weekHours(rows: readonly HoursRow[]): { day: (typeof WEEKDAYS)[number]; hours: DayHours }[] {
  return WEEKDAYS.map((day) => ({ day, hours: parseHours(rows.find((r) => r.days.includes(day))?.hours ?? CLOSED) }));
}
