/**
 * The business's rating (content/settings.yaml `rating`). Google's review snippet guidelines
 * (https://developers.google.com/search/docs/appearance/structured-data/review-snippet#guidelines)
 * say not to mark up ratings gathered on other websites, so only a rating from reviews collected on
 * this site goes into `aggregateRating`; marked-up content must also be visible as text.
 */

/** A rating as the settings hold it. */
export interface Rating {
  value: number;
  count: number;
  /** "this site", or the other website's name, e.g. "Google". */
  source: string;
  url: string;
}

/** True when the rating's reviews were collected on this site (`source` "this site", any capitals). */
export function ratingMarkedUp(rating: Rating): boolean {
  return rating.source.trim().toLowerCase() === 'this site';
}

/** The rating as visible text: "5.0 from 50 reviews", "4.8 from 120 Google reviews". */
export function ratingText(rating: Rating): string {
  const from = ratingMarkedUp(rating) ? '' : `${rating.source.trim()} `;
  return `${rating.value.toFixed(1)} from ${rating.count} ${from}review${rating.count === 1 ? '' : 's'}`;
}
