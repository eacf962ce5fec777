/**
 * Is the business open at a given instant? Pure functions, no DOM: the header's "Open now" notice
 * (islands/site/open-now.ts) and the unit tests use them.
 *
 * The stated hours (spec section 1; content/business.ts HOURS) are wall-clock times in
 * America/Denver. The wall clock of an instant comes from Intl.DateTimeFormat with `timeZone`, so
 * daylight saving time is the browser's time-zone database's business, not ours.
 */
import { HOURS, TIME_ZONE } from '../../content/business.ts';

/** One row of opening hours: English weekday names, and "HH:MM" 24-hour opening and closing times. */
export interface OpeningHours {
  days: readonly string[];
  /** Inclusive, e.g. "06:00". */
  opens: string;
  /** Exclusive, e.g. "23:00" (closed from 23:00 on). */
  closes: string;
}

/** Notice text during the stated hours. */
export const OPEN_TEXT = 'Open now';
/** Notice text outside the stated hours. */
export const CLOSED_TEXT = 'Closed now - emergency service available';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A cached en-US formatter giving the weekday and the 24-hour time in `timeZone`. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** "HH:MM" -> minutes since midnight, e.g. "06:30" -> 390. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/**
 * The wall clock of an instant in a time zone.
 * @param date     the instant
 * @param timeZone IANA zone, e.g. "America/Denver"
 * @returns English weekday name ("Monday") and minutes since local midnight (0-1439)
 * @throws RangeError when `timeZone` is not a zone the runtime knows
 */
export function wallClock(date: Date, timeZone: string): { weekday: string; minutes: number } {
  const parts = formatterFor(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // Some engines print midnight as "24" even with hourCycle h23; % 24 maps it back to 0.
  return { weekday: part('weekday'), minutes: (Number(part('hour')) % 24) * 60 + Number(part('minute')) };
}

/**
 * @param date     the instant to check (default: now)
 * @param hours    opening hours (default: content/business.ts HOURS, spec section 1)
 * @param timeZone zone of those hours (default: America/Denver)
 * @returns true when the instant falls inside the hours of its local weekday (opens inclusive, closes exclusive)
 */
export function isOpenAt(date: Date = new Date(), hours: readonly OpeningHours[] = HOURS, timeZone: string = TIME_ZONE): boolean {
  const { weekday, minutes } = wallClock(date, timeZone);
  const today = hours.find((h) => h.days.includes(weekday));
  return !!today && minutes >= minutesOf(today.opens) && minutes < minutesOf(today.closes);
}

/** The header notice for an instant: OPEN_TEXT or CLOSED_TEXT. */
export function openNowText(date: Date = new Date()): string {
  return isOpenAt(date) ? OPEN_TEXT : CLOSED_TEXT;
}
