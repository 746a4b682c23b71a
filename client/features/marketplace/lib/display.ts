/** What a weak answer says above its apps (issue 22): they are the closest matches, not sure fits. */
export const UNSURE_TEXT = 'Closest matches — not sure these fit';

/** The Premium badge rule of spec §2: the category text contains "Premium". */
export function isPremiumCategory(category: string): boolean {
  return /premium/i.test(category);
}

/** The percentage shown for a search confidence in [0, 1] (out-of-range values are clamped). */
export function confidencePercent(confidence: number): number {
  return Math.round(Math.min(1, Math.max(0, Number.isFinite(confidence) ? confidence : 0)) * 100);
}

/**
 * The "AI Search Complete" toast's description (spec §8: "Found {n} relevant apps with {pct}% confidence"), in
 * the singular for one app; with none, the spec's empty-results text (a confidence of nothing found means nothing).
 */
export function searchCompleteMessage(count: number, confidence: number): string {
  if (count === 0) return 'No apps found matching your search.';
  return `Found ${relevantApps(count)} with ${confidencePercent(confidence)}% confidence`;
}

/**
 * "1 relevant app", "12 relevant apps": the count of a search's answer in its toast and announcement. Here rather
 * than `countOf` of shared/pluralize.ts, which the admin screens share and so rolldown would load as a chunk of
 * its own on the home page's budgeted first load.
 */
export function relevantApps(count: number): string {
  return `${count} relevant ${count === 1 ? 'app' : 'apps'}`;
}
