/**
 * Is the business open at a given instant? Pure functions, no DOM: the header's "Open now" notice
 * (islands/site/open-now.ts) and the unit tests use them.
 *
 * The stated hours (content/settings.yaml `hours`) are wall-clock times in the business's time zone
 * (content/settings.yaml `location.timeZone`). The browser gets only what this needs, compiled in by the
 * build: the minutes open on each weekday (`__SITE__.openMinutes`, lib/content/hours.ts
 * openMinutes) and the zone's table (`__SITE__.zoneTable`, whose `zone` names it), never the
 * settings file. Daylight saving time is the time-zone database's business, not ours: the
 * wall clock comes from Intl.DateTimeFormat with `timeZone`, at build time or in the browser.
 *
 * At build time, not on every page view: creating an Intl.DateTimeFormat for a named zone made
 * Chromium load its zone data, a long task on the main thread of a fresh page, the longest
 * of every page load (total blocking time). So the build runs
 * Intl once, under Node, and compiles the zone's UTC offsets for the next years into the page
 * code (zoneTable, `__SITE__.zoneTable`); the browser reads the offset from that table and falls
 * back to Intl only outside its years (a site not rebuilt for years, or a clock far off).
 */
/**
 * The minutes a business is open on each weekday, Sunday first (the order of Date#getUTCDay):
 * [opens, closes) in minutes since local midnight, e.g. [360, 1380] for 06:00-23:00; [0, 0] for a
 * closed day, [0, 1440] for a day open all day.
 */
export type OpenMinutes = readonly (readonly [number, number])[];

/** "HH:MM" -> minutes since midnight, e.g. "06:30" -> 390. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/**
 * The header's notices: the emergency notice, always shown (the server HTML says EMERGENCY_TEXT,
 * with or without JavaScript), and beside it the open-now notice. Outside the stated hours the
 * pair reads "Emergency line answers now | Office closed": a bare "Closed now" beside the page's
 * 24/7 promise read as "nobody will come" to a visitor stranded at night, which is false.
 */
export const EMERGENCY_TEXT = 'Emergency service available';
/** The emergency notice outside the stated hours: the emergency line is what answers then. */
export const NIGHT_EMERGENCY_TEXT = 'Emergency line answers now';
/** Open-now notice during the stated hours. */
export const OPEN_TEXT = 'Open now';
/** Open-now notice outside the stated hours: the office, not the emergency service, is closed. */
export const CLOSED_TEXT = 'Office closed';

/**
 * A time zone's UTC offsets over a span of time, as the build's time-zone database gives them.
 * `changes` is sorted by time: from changes[i][0] (ms since the epoch, UTC) the offset is
 * changes[i][1] minutes (local minus UTC, e.g. -420 for MST), until the next change or `until`.
 */
export interface ZoneTable {
  zone: string;
  /** ms since the epoch; the table holds for from <= t < until. */
  from: number;
  until: number;
  changes: [number, number][];
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Offset of `timeZone` at instant `ms` (local minus UTC, minutes), read with Intl: the one place
 * this module asks Intl, for the build's zone table and for instants outside it.
 * @throws RangeError when `timeZone` is not a zone the runtime knows
 */
function intlOffset(ms: number, timeZone: string): number {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    offsetFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  // Some engines print midnight as "24" even with hourCycle h23; % 24 maps it back to 0.
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute));
  return Math.round((local - Math.floor(ms / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/**
 * Builds the offset table of a zone with Intl (run by the build, under Node): scans day by day
 * (no zone changes its offset twice in a day) and finds each change to the minute.
 * @param timeZone IANA zone, e.g. "America/Denver"
 * @param from     start, ms since the epoch (UTC); rounded down to a whole minute
 * @param until    end (exclusive), ms since the epoch; rounded up to a whole minute
 * @throws RangeError when `timeZone` is not a zone the runtime knows
 */
export function zoneTable(timeZone: string, fromMs: number, untilMs: number): ZoneTable {
  // The search below moves in whole minutes from `from`: both ends on a minute keep it exact.
  const from = Math.floor(fromMs / MINUTE_MS) * MINUTE_MS;
  const until = Math.ceil(untilMs / MINUTE_MS) * MINUTE_MS;
  const changes: [number, number][] = [[from, intlOffset(from, timeZone)]];
  const last = until - MINUTE_MS;
  for (let prev = from; prev < last; prev += DAY_MS) {
    const t = Math.min(prev + DAY_MS, last);
    const offset = intlOffset(t, timeZone);
    if (offset === changes[changes.length - 1][1]) continue;
    // The change lies in (prev, t]: find its first minute.
    let lo = prev;
    let hi = t;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
      if (intlOffset(mid, timeZone) === offset) hi = mid;
      else lo = mid;
    }
    changes.push([hi, offset]);
  }
  return { zone: timeZone, from, until, changes };
}

/** Offset (minutes) of the table's zone at `ms`, or undefined outside the table. */
function tableOffset(table: ZoneTable, ms: number): number | undefined {
  if (ms < table.from || ms >= table.until) return undefined;
  let offset = table.changes[0][1];
  for (const [at, value] of table.changes) {
    if (at > ms) break;
    offset = value;
  }
  return offset;
}

/** The table the build compiled into the page code, if any (none under Node). */
const BUILT_TABLE: ZoneTable | undefined = typeof __SITE__ !== 'undefined' ? __SITE__.zoneTable : undefined;
/** The minutes open per weekday the build compiled into the page code, if any (none under Node). */
const BUILT_WEEK: OpenMinutes | undefined = typeof __SITE__ !== 'undefined' ? __SITE__.openMinutes : undefined;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * The wall clock of an instant in a time zone.
 * @param date     the instant
 * @param timeZone IANA zone, e.g. "America/Denver"
 * @param table    offsets of the zone (default: the one the build compiled in); used when it is
 *   for this zone and covers the instant, else Intl is asked
 * @returns English weekday name ("Monday") and minutes since local midnight (0-1439)
 * @throws RangeError when `timeZone` is not a zone the runtime knows (Intl path)
 */
export function wallClock(date: Date, timeZone: string, table: ZoneTable | undefined = BUILT_TABLE): { weekday: string; minutes: number } {
  const ms = date.getTime();
  const offset = (table && table.zone === timeZone ? tableOffset(table, ms) : undefined) ?? intlOffset(ms, timeZone);
  const local = new Date(ms + offset * MINUTE_MS);
  return { weekday: WEEKDAYS[local.getUTCDay()], minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/**
 * @param date     the instant to check (default: now)
 * @param week     minutes open per weekday (default: those compiled into the page code)
 * @param timeZone zone of those hours (default: the one compiled into the page code)
 * @returns true when the instant falls inside the hours of its local weekday (opens inclusive,
 *   closes exclusive; a closed day never, a day open all day always)
 * @throws Error under Node without `week` and `timeZone` (nothing is compiled in there)
 */
export function isOpenAt(date: Date = new Date(), week: OpenMinutes | undefined = BUILT_WEEK, timeZone: string | undefined = BUILT_TABLE?.zone): boolean {
  if (!week || !timeZone) throw new Error('isOpenAt needs the hours and their time zone');
  const { weekday, minutes } = wallClock(date, timeZone);
  const [opens, closes] = week[WEEKDAYS.indexOf(weekday)];
  return minutes >= opens && minutes < closes;
}

/**
 * The header's notices for an instant (default: now): during the stated hours EMERGENCY_TEXT and
 * OPEN_TEXT, outside them NIGHT_EMERGENCY_TEXT and CLOSED_TEXT; `open` says which.
 * @param week, timeZone as isOpenAt
 */
export function headerNotices(date: Date = new Date(), week?: OpenMinutes, timeZone?: string): { open: boolean; emergency: string; openNow: string } {
  const open = isOpenAt(date, week, timeZone);
  return { open, emergency: open ? EMERGENCY_TEXT : NIGHT_EMERGENCY_TEXT, openNow: open ? OPEN_TEXT : CLOSED_TEXT };
}
