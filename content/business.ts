/**
 * Business constants that are facts about the business, not operator settings.
 */

/** Where the business is based: coordinates 35.1472, -107.8523; postal code 87020. */
export const LOCATION = {
  locality: 'Grants',
  region: 'NM',
  postalCode: '87020',
  country: 'US',
  latitude: 35.1472,
  longitude: -107.8523,
} as const;

/** Counties served (Catron appears in the coverage statistics). */
export const COUNTIES = ['Cibola', 'McKinley', 'Catron'] as const;

/**
 * Service radius shown in the coverage statistics on /service-areas (60+ miles). The counts of
 * primary and extended-coverage communities are not typed here: lib/content/coverage.ts counts them from
 * the records of content/communities.ts.
 */
export const COVERAGE = { radiusMiles: '60+' } as const;

/**
 * Stated business hours, in the America/Denver time zone: the one definition the
 * JSON-LD, the footer, the contact card, the FAQ answers and the open-now notice all read.
 * `days` are English weekday names in order; `opens`/`closes` are 24-hour "HH:MM".
 * Emergency service runs outside these hours.
 */
export const HOURS = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '06:00', closes: '23:00' },
  { days: ['Saturday', 'Sunday'], opens: '09:00', closes: '22:00' },
] as const;

/** Time zone of the stated hours. */
export const TIME_ZONE = 'America/Denver';

/** 24-hour "HH:MM" as people read it: "06:00" -> "6:00 AM", "23:00" -> "11:00 PM", "12:00" -> "12:00 PM". */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h >= 12 ? 'PM' : 'AM'}`;
}

/**
 * A row's days as words: the first and last day joined by `joiner` ("Monday - Friday" with
 * " - "), "Saturday and Sunday" for two days with joiner " to ", one name for one day.
 */
export function dayRange(days: readonly string[], joiner = ' - '): string {
  if (days.length === 1) return days[0];
  if (days.length === 2 && joiner === ' to ') return `${days[0]} and ${days[1]}`;
  return `${days[0]}${joiner}${days[days.length - 1]}`;
}

/**
 * The stated hours as a phrase for answers and notes, e.g. "Monday to Friday 6:00 AM to 11:00 PM
 * and Saturday and Sunday 9:00 AM to 10:00 PM".
 */
export function hoursText(): string {
  return HOURS.map((h) => `${dayRange(h.days, ' to ')} ${formatTime(h.opens)} to ${formatTime(h.closes)}`).join(' and ');
}

/**
 * The stated hours in schema.org's `openingHours` text form (https://schema.org/openingHours:
 * two-letter days, ranges with "-", 24-hour times), e.g. ["Mo-Fr 06:00-23:00", "Sa-Su 09:00-22:00"].
 */
export function openingHoursText(): string[] {
  return HOURS.map((h) => `${dayRange(h.days.map((d) => d.slice(0, 2)), '-')} ${h.opens}-${h.closes}`);
}

/** Aggregate rating in structured data. 5.0 from 50 reviews, best 5, worst 1. */
export const RATING = { ratingValue: 5, reviewCount: 50, bestRating: 5, worstRating: 1 } as const;

/** Price range in structured data. */
export const PRICE_RANGE = '$$';
export const PAYMENT_ACCEPTED = 'Cash, Credit Card, Check';
export const CURRENCIES_ACCEPTED = 'USD';

/** Response times in minutes: usually 15-30; FAQ: 20-45 normal, 15-30 emergency. */
export const RESPONSE_MINUTES = { usual: '15-30', normal: '20-45', emergency: '15-30' } as const;
