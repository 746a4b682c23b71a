/** The Premium badge rule of spec §2: the category text contains "Premium". */
export function isPremiumCategory(category: string): boolean {
  return /premium/i.test(category);
}

/** The percentage shown for a search confidence in [0, 1] (out-of-range values are clamped). */
export function confidencePercent(confidence: number): number {
  return Math.round(Math.min(1, Math.max(0, Number.isFinite(confidence) ? confidence : 0)) * 100);
}
