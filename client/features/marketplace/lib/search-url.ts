// The limits of `without` in shared/schemas/search.ts, restated: importing that module would bring zod into the
// home page's first load (search-url.test.ts checks that they agree).
/** At most this many chips can be set aside at once. */
export const WITHOUT_MAX = 12;
/** Longest chip id the search accepts. */
export const CHIP_ID_MAX_LENGTH = 80;

/**
 * The chip ids a search sets aside, read from the address (`?without=price,need:meeting-notes`; repeated
 * parameters are accepted too): trimmed, without blanks or repeats, at most as many as the search accepts, so
 * that a hand-edited address never turns into a rejected search.
 */
export function parseWithout(params: URLSearchParams): string[] {
  const ids = params
    .getAll('without')
    .flatMap((value) => value.split(','))
    .map((id) => id.trim())
    .filter((id) => id !== '' && id.length <= CHIP_ID_MAX_LENGTH);
  return [...new Set(ids)].slice(0, WITHOUT_MAX);
}

/**
 * The address of a search, optionally without some chips of its understanding. The ids are listed with commas
 * and their colons kept, so the address stays readable when shared (`/?q=free+notes&without=price,need:notes`).
 */
export function searchHref(query: string, without: readonly string[] = []): string {
  const base = `/?${new URLSearchParams({ q: query.trim() })}`;
  if (without.length === 0) return base;
  return `${base}&without=${without.map((id) => encodeURIComponent(id).replace(/%3A/gi, ':')).join(',')}`;
}

/**
 * The chips to set aside after removing (or adding back) one, in the chips' own order. Ids the answer does not
 * know (a stale address) are dropped, so they do not pile up in the address.
 */
export function toggleWithout(chipIds: readonly string[], without: readonly string[], id: string): string[] {
  const next = new Set(without);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return chipIds.filter((chipId) => next.has(chipId));
}
