import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '@client/lib/api-client';
import { redirectToLogin } from './admin-auth';
import { queryKeys } from '@client/lib/query-keys';

function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * When the session ends while a screen is open (expiry, logout in another tab), the next admin call
 * answers 401: forget the cached user and go to the sign-in, instead of showing error states.
 */
export function useSessionExpiryRedirect(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onSignedOut = () => {
      queryClient.setQueryData(queryKeys.currentUser, null);
      redirectToLogin();
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSignedOut(event.action.error)) onSignedOut();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSignedOut(event.action.error)) onSignedOut();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}
