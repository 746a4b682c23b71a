/**
 * Duplicate keys of an app. Two apps are the same when their normalised URLs or normalised names
 * are equal. Paths count (hosting platforms serve many apps from one host); scheme, `www.`, a
 * trailing slash, the query and the fragment do not.
 */
export function normalizeUrl(raw: string): string {
  try {
    const url = new URL(raw.trim());
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    const port = url.port && url.port !== '80' && url.port !== '443' ? `:${url.port}` : '';
    const pathname = decodeURIComponent(url.pathname).replace(/\/+$/, '').toLowerCase();
    return `${host}${port}${pathname}`;
  } catch {
    return raw.trim().toLowerCase();
  }
}

/** Case, spaces and punctuation do not distinguish names ("Chat GPT!" = "chatgpt"). */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The host name an app's logo is looked up by; null for an unusable URL. */
export function hostOf(raw: string): string | null {
  try {
    return new URL(raw).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}
