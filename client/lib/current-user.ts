import { useQuery } from '@tanstack/react-query';
import { AUTH_CACHE_MS } from '@shared/constants';
import type { AuthUser } from '@shared/schemas/auth';
import { getJsonOrNullOn401 } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The signed-in user, or null when signed out (401). Spec §7: cached 5 minutes, no retry, no refetch
 * on mount or focus. The server enforces access; this only decides what to show.
 */
export function useCurrentUser() {
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: () => getJsonOrNullOn401<AuthUser>('/api/auth/user'),
    staleTime: AUTH_CACHE_MS,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  });
}
