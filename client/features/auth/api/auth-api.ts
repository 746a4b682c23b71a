import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthDebugResponse, AuthProvidersResponse, LoginRequest, LoginResponse } from '@shared/schemas/auth';
import { ApiError, getJson, sendJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** Which sign-in methods this server offers; without the call, e-mail + password only. */
export function useAuthProviders() {
  return useQuery({
    queryKey: queryKeys.authProviders,
    queryFn: async (): Promise<AuthProvidersResponse> => {
      try {
        return await getJson<AuthProvidersResponse>('/api/auth/providers');
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { oidc: false, local: true };
        throw error;
      }
    },
  });
}

/** E-mail + password sign-in; on success the user is cached so the admin screens open at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) => sendJson<LoginResponse>('POST', '/api/login', body),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.currentUser, result.user);
    },
  });
}

/** Spec §8 Auth test fetch: a non-OK answer reads "HTTP {status}: {statusText}". */
export class DebugFetchError extends Error {
  override name = 'DebugFetchError';
}

/** The diagnostics of `GET /api/auth/debug` (never secrets: SET / NOT SET and masked values). */
export function useAuthDebug() {
  return useQuery({
    queryKey: queryKeys.authDebug,
    queryFn: async () => {
      try {
        return await getJson<AuthDebugResponse>('/api/auth/debug', { cache: 'no-store' });
      } catch (error) {
        if (error instanceof ApiError) throw new DebugFetchError(`HTTP ${error.status}: ${error.statusText || 'Error'}`);
        throw new DebugFetchError('Unknown error');
      }
    },
    staleTime: 0,
    retry: false,
  });
}
