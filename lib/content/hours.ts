/**
 * The checked opening hours in every form the site states them, all read from the same rows
 * (lib/content/hours-rules.ts); days with the same hours grouped into runs, Monday first.
 */
import { minutesOf, parseHours, weekHours, type DayHours, type HoursRow } from './hours-rules.ts';
import { nameList } from './coverage.ts';

/** 24-hour "HH:MM" as people read it: "06:00" -> "6:00 AM", "23:00" -> "11:00 PM", "12:00" -> "12:00 PM". */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h >= 12 ? 'PM' : 'AM'}`;
}

/** A run of days as words: "Monday - Friday" (`joiner` " - "), "Saturday and Sunday" (two days, " to "), "Monday". */
function dayRange(days: readonly string[], joiner = ' - '): string {
  if (days.length === 1) return days[0];
  if (days.length === 2 && joiner === ' to ') return `${days[0]} and ${days[1]}`;
  return `${days[0]}${joiner}${days[days.length - 1]}`;
}

interface HoursRun {
  days: string[];
  hours: DayHours;
}

/** The week as runs of consecutive days with the same hours, Monday first. */
function hoursRuns(rows: readonly HoursRow[]): HoursRun[] {
  const runs: HoursRun[] = [];
  for (const { day, hours } of weekHours(rows)) {
    const last = runs.at(-1);
    if (last && JSON.stringify(last.hours) === JSON.stringify(hours)) last.days.push(day);
    else runs.push({ days: [day], hours });
  }
  return runs;
}

/** A day's hours in words: "6:00 AM to 11:00 PM" (with `to` " to "), "open all day", "closed". */
function hoursWords(h: DayHours, to: string): string {
  if (h.kind === 'closed') return 'closed';
  if (h.kind === 'allDay') return 'open all day';
  return `${formatTime(h.opens)}${to}${formatTime(h.closes)}`;
}

/**
 * The stated hours as a phrase for answers and notes, e.g. "Monday to Friday 6:00 AM to 11:00 PM
 * and Saturday and Sunday 9:00 AM to 10:00 PM"; a closed day reads "Sunday closed".
 */
export function hoursText(rows: readonly HoursRow[]): string {
  const parts = hoursRuns(rows).map((r) => `${dayRange(r.days, ' to ')} ${hoursWords(r.hours, ' to ')}`);
  return nameList(parts);
}

/**
 * The footer's rows: [days, hours], e.g. ["Monday - Friday", "6:00 AM - 11:00 PM"]; a closed day
 * says the emergency line still answers: ["Sunday", "Closed, emergency line answers"].
 */
export function hoursTable(rows: readonly HoursRow[]): [days: string, hours: string][] {
  return hoursRuns(rows).map((r) => [dayRange(r.days), r.hours.kind === 'closed' ? 'Closed, emergency line answers' : r.hours.kind === 'allDay' ? 'Open all day' : hoursWords(r.hours, ' - ')]);
}

/** The contact card's form: "Monday - Friday 6:00 AM-11:00 PM; Sunday closed". */
export function hoursLine(rows: readonly HoursRow[]): string {
  return hoursRuns(rows).map((r) => `${dayRange(r.days)} ${hoursWords(r.hours, '-')}`).join('; ');
}

/**
 * The open hours in schema.org's `openingHours` text form (https://schema.org/openingHours), e.g.
 * ["Mo-Fr 06:00-23:00"]; closed days left out (the form cannot say closed), all day "00:00-23:59".
 */
export function openingHoursText(rows: readonly HoursRow[]): string[] {
  return hoursRuns(rows).filter((r) => r.hours.kind !== 'closed').map((r) => {
    const h = r.hours.kind === 'open' ? r.hours : { opens: '00:00', closes: '23:59' };
    return `${dayRange(r.days.map((d) => d.slice(0, 2)), '-')} ${h.opens}-${h.closes}`;
  });
}

/**
 * The hours as schema.org OpeningHoursSpecification rows (https://schema.org/OpeningHoursSpecification):
 * one per row of the settings; a day open all day is 00:00 to 23:59, and a closed day opens and
 * closes at 00:00, schema.org's convention for a day the business is closed.
 */
export function openingHoursSpecs(rows: readonly HoursRow[]): { days: string[]; opens: string; closes: string }[] {
  return rows.map((r) => {
    const h = parseHours(r.hours);
    const [opens, closes] = h.kind === 'open' ? [h.opens, h.closes] : h.kind === 'allDay' ? ['00:00', '23:59'] : ['00:00', '00:00'];
    return { days: [...r.days], opens, closes };
  });
}

/**
 * The minutes open on each weekday, Sunday first, as the open-now notice reads them
 * (islands/common/hours.ts OpenMinutes): [opens, closes); [0, 0] closed, [0, 1440] all day.
 */
export function openMinutes(rows: readonly HoursRow[]): [number, number][] {
  const week = weekHours(rows).map(({ hours: h }): [number, number] => (h.kind === 'closed' ? [0, 0] : h.kind === 'allDay' ? [0, 1440] : [minutesOf(h.opens), minutesOf(h.closes)]));
  return [week[6], ...week.slice(0, 6)];
}
