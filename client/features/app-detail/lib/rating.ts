// Relative import: this pure module is unit-tested, and the test runner has no path aliases.
import { DEFAULT_DISPLAY_RATING } from '../../../../shared/format';

/**
 * The displayed rating (spec §2 App detail): the mean of the visitor's local ratings, else the app's
 * rating divided by 10, else 4.5.
 */
export function displayedRating(localRatings: number[], storedRating: number | null | undefined): number {
  if (localRatings.length > 0) return localRatings.reduce((sum, value) => sum + value, 0) / localRatings.length;
  if (storedRating != null && storedRating > 0) return storedRating / 10;
  return DEFAULT_DISPLAY_RATING;
}
