/**
 * Business constants that are facts of the specification, not operator settings.
 * Source of every value: spec section 9 ("Business constants and limits") and section 1.
 */

/** Where the business is based. Spec section 9: coordinates 35.1472, -107.8523; postal code 87020. */
export const LOCATION = {
  locality: 'Grants',
  region: 'NM',
  postalCode: '87020',
  country: 'US',
  latitude: 35.1472,
  longitude: -107.8523,
} as const;

/** Counties served. Spec section 1 and 9 (Catron appears in the coverage statistics). */
export const COUNTIES = ['Cibola', 'McKinley', 'Catron'] as const;

/** Coverage statistics shown on /service-areas. Spec section 9. */
export const COVERAGE = { primaryCommunities: 9, extendedCommunities: 5, radiusMiles: '60+' } as const;

/**
 * Stated business hours (spec section 1), in the America/Denver time zone.
 * `opens`/`closes` are 24-hour "HH:MM". Emergency service runs outside these hours.
 */
export const HOURS = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], label: 'Monday - Friday', opens: '06:00', closes: '23:00' },
  { days: ['Saturday', 'Sunday'], label: 'Saturday - Sunday', opens: '09:00', closes: '22:00' },
] as const;

/** Time zone of the stated hours. */
export const TIME_ZONE = 'America/Denver';

/** The spec's second hours statement in structured data: "Mo-Su 08:00-18:00" (spec section 9). */
export const OPENING_HOURS_TEXT = 'Mo-Su 08:00-18:00';

/** Aggregate rating in structured data. Spec section 9: 5.0 from 50 reviews, best 5, worst 1. */
export const RATING = { ratingValue: 5, reviewCount: 50, bestRating: 5, worstRating: 1 } as const;

/** Spec section 9. */
export const PRICE_RANGE = '$$';
export const PAYMENT_ACCEPTED = 'Cash, Credit Card, Check';
export const CURRENCIES_ACCEPTED = 'USD';

/** Response times in minutes. Spec sections 1 and 9: usually 15-30; FAQ: 20-45 normal, 15-30 emergency. */
export const RESPONSE_MINUTES = { usual: '15-30', normal: '20-45', emergency: '15-30' } as const;
