/**
 * The word for a count: the singular for exactly one, the plural otherwise ("1 view", "0 views", "2 views").
 * The plural defaults to the singular with an "s".
 */
export function pluralize(count: number, singular: string, plural: string = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/** A count with its word, e.g. "1 app" or "1,204 apps"; the number is written by `format` (thousands separators by default). */
export function countOf(
  count: number,
  singular: string,
  plural?: string,
  format: (value: number) => string = (value) => value.toLocaleString('en-US'),
): string {
  return `${format(count)} ${pluralize(count, singular, plural)}`;
}
