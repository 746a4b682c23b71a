export type TokenStatus = 'Valid' | 'Expired' | 'No Token';

/**
 * The token status of the auth test page (spec §4 Authentication): no user means no token; the
 * token counts as expired past `expires_at` (epoch seconds) or when there is no expiry at all.
 */
export function tokenStatus(
  user: { exists: boolean; expires_at?: number | null } | null | undefined,
  nowSeconds: number,
): TokenStatus {
  if (!user?.exists) return 'No Token';
  const expiresAt = user.expires_at;
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt) || nowSeconds > expiresAt) return 'Expired';
  return 'Valid';
}

/** The token expiry as a readable date, or "N/A". */
export function formatExpiry(expiresAt: number | null | undefined): string {
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return 'N/A';
  return new Date(expiresAt * 1000).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
}

/** An environment flag as shown on the page: SET / NOT SET (the server never sends values). */
export function setOrNotSet(value: unknown): 'SET' | 'NOT SET' {
  if (value === true || value === 'SET') return 'SET';
  if (typeof value === 'string' && value !== '' && value !== 'NOT SET' && value.toLowerCase() !== 'false') return 'SET';
  return 'NOT SET';
}

/**
 * Only same-site paths may be returned to after login, never another origin ("//evil.test" or
 * "https://…"); anything else means the admin dashboard.
 */
export function safeReturnPath(candidate: string | null | undefined): string {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return '/admin';
  if (candidate.startsWith('/api/') || candidate === '/login' || candidate.startsWith('/login?')) return '/admin';
  return candidate;
}
