/**
 * Marketplace count format (spec §9, deviation 5): below 1,000 as is; from 1,000 a rounded K; from 1,000,000
 * an M with one decimal; from 1,000,000,000 a B with one decimal ("5B", "9.2B").
 */
export function formatCount(value: number | null | undefined): string {
  const n = Math.max(0, Math.trunc(value ?? 0));
  if (n >= 1_000) {
    const thousands = Math.round(n / 1_000);
    // 999,500 rounds to 1000K: the next unit reads better.
    if (thousands < 1_000) return `${thousands}K`;
  }
  if (n < 1_000) return String(n);
  const [scaled, unit] = largeUnit(n);
  return `${trimZero(scaled.toFixed(1))}${unit}`;
}

/** Edit-page count format (spec §9): K, M and B all with one decimal ("1.0K", "5.0B"). */
export function formatCountPrecise(value: number | null | undefined): string {
  const n = Math.max(0, Math.trunc(value ?? 0));
  if (n < 1_000) return String(n);
  if (n < 999_950) return `${(n / 1_000).toFixed(1)}K`;
  const [scaled, unit] = largeUnit(n);
  return `${scaled.toFixed(1)}${unit}`;
}

/** A count of at least a million in M, or in B from where one decimal of M would round up to 1000.0M. */
function largeUnit(n: number): [number, 'M' | 'B'] {
  return n >= 999_950_000 ? [n / 1_000_000_000, 'B'] : [Math.max(1, n / 1_000_000), 'M'];
}

function trimZero(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

/** Default shown when an app has no rating (spec §9). */
export const DEFAULT_DISPLAY_RATING = 4.5;

/** A rating stored on 1–50, shown divided by 10 with one decimal; 4.5 when missing. */
export function formatRating(rating: number | null | undefined): string {
  return ratingValue(rating).toFixed(1);
}

/** The numeric 0–5 value of a stored rating. */
export function ratingValue(rating: number | null | undefined): number {
  return rating == null || rating <= 0 ? DEFAULT_DISPLAY_RATING : rating / 10;
}

/** A date in long US format, e.g. "January 3, 2025". */
export function formatLongDate(date: string | Date | null | undefined): string {
  if (!date) return '';
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  return value.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Age of a notification (spec §9): "Just now", minutes, hours, then the date. */
export function formatAge(timestamp: string | Date, now: Date = new Date()): string {
  const then = typeof timestamp === 'string' ? new Date(timestamp) : timestamp;
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return then.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** Read time text of a blog post (spec §3): a number of minutes or a string; "5 min read" by default. */
export function formatReadTime(readTime: number | string | null | undefined): string {
  if (typeof readTime === 'number' && Number.isFinite(readTime) && readTime > 0) return `${readTime} min read`;
  if (typeof readTime === 'string' && readTime.trim()) return readTime.trim();
  return '5 min read';
}

/** Initials of a name for an avatar badge ("Aitlas Team" → "AT"). */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** A whole number with thousands separators. */
export function formatNumber(value: number): string {
  return Math.trunc(value).toLocaleString('en-US');
}
