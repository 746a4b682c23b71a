import { useQuery } from '@tanstack/react-query';
import { AUTH_CACHE_MS } from '@shared/constants';
import type { AuthUser } from '@shared/schemas/auth';
import { getJsonOrNullOn401 } from './api-client';
import { queryKeys } from './query-keys';

/** The cache key of the signed-in user, shared by every screen (spec §7: the key's first element is the URL). */
export const CURRENT_USER_KEY = queryKeys.currentUser;

/**
 * The signed-in user, or null when signed out (401). Spec §7: cached 5 minutes, no retry, no refetch
 * on mount or focus. The server enforces access; this only decides what to show.
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
