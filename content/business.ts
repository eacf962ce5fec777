/**
 * Business constants that are not the operator's settings (those are in content/site.ts).
 */
import settings from './site.ts';

/**
 * Service radius shown in the coverage statistics on /service-areas (60+ miles). The counts of
 * primary and extended-coverage communities are not typed here: lib/content/coverage.ts counts them from
 * the records of content/communities.ts.
 */
export const COVERAGE = { radiusMiles: '60+' } as const;

/** Price range in structured data. */
export const PRICE_RANGE = '$$';
export const PAYMENT_ACCEPTED = 'Cash, Credit Card, Check';
export const CURRENCIES_ACCEPTED = 'USD';

/**
 * Arrival times in minutes (usual lockout, normal call, emergency), for content text that reads
 * them while its module loads: the operator's `responseMinutes` of content/site.ts, checked with
 * the other settings when the site builds. Pages and templates read the checked settings instead.
 */
export const RESPONSE_MINUTES: { usual: string; normal: string; emergency: string } = settings.responseMinutes;
