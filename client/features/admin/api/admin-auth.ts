import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '@shared/schemas/auth';
import { getJsonOrNullOn401 } from '@client/lib/api-client';
import { AUTH_CACHE_MS } from '@shared/constants';

/** The cache key every screen uses for the signed-in user (spec §7: the key's first element is the URL). */
export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/**
 * The signed-in user, or null when signed out (401). Spec §7: cached 5 minutes, no retry, no
 * refetch on mount or focus. The server enforces access; this only decides what to show.
 */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: () => getJsonOrNullOn401<AuthUser>('/api/auth/user'),
    staleTime: AUTH_CACHE_MS,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  });
}

/** Where a signed-out visitor of an admin screen is sent (spec §6); /login remembers where to come back. */
export const RETURN_PATH_STORAGE_KEY = 'aitlas.auth.returnTo';

/** Leaves for the sign-in flow, remembering the current page to return to after login. */
export function redirectToLogin(): void {
  try {
    window.sessionStorage.setItem(RETURN_PATH_STORAGE_KEY, `${window.location.pathname}${window.location.search}`);
  } catch {
    // Storage may be unavailable (privacy mode): the login page then falls back to /admin.
  }
  window.location.assign('/api/login');
}
