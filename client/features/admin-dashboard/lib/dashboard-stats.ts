import { formatCountPrecise } from '../../../../shared/format';
import { ALL_CATEGORY_NAME, CATEGORY_PERFORMANCE_TOP } from '../../../../shared/constants';

export interface CategoryBar {
  name: string;
  count: number;
  /** Share of the largest category, 0–100. */
  percent: number;
}

/** The biggest categories by app count as bars relative to the largest (spec §2 Dashboard). */
export function topCategoryBars(categoryStats: Record<string, number>, limit: number = CATEGORY_PERFORMANCE_TOP): CategoryBar[] {
  const entries = Object.entries(categoryStats)
    .filter(([name]) => name !== ALL_CATEGORY_NAME)
    .sort(([nameA, a], [nameB, b]) => b - a || nameA.localeCompare(nameB))
    .slice(0, limit);
  const largest = entries[0]?.[1] ?? 0;
  return entries.map(([name, count]) => ({ name, count, percent: largest > 0 ? Math.round((count / largest) * 100) : 0 }));
}

/**
 * Monthly traffic in millions with one decimal (spec §2 Dashboard), through the shared count format so that a
 * billion and more reads in B (deviation 5): 12,345,678 → "12.3M", 9,167,360,000 → "9.2B", 0 → "0.0M".
 */
export function formatMonthlyTraffic(visitors: number): string {
  const n = Math.max(0, visitors);
  return n < 1_000_000 ? `${(n / 1_000_000).toFixed(1)}M` : formatCountPrecise(n);
}
