import { type ReactNode, useEffect } from 'react';
import type { AuthUser } from '@shared/schemas/auth';
import { Spinner } from '@client/components/ui/spinner';
import { TooltipProvider } from '@client/components/ui/tooltip';
import { useCurrentUser } from '@client/lib/current-user';
import { redirectToLogin } from './admin-auth';

/**
 * Shows its content only to a signed-in user; a signed-out visitor is sent to the sign-in flow
 * (spec §6). The server refuses every admin call without an admin session whatever this shows.
 */
export function AdminSessionGate({ children }: { children: (user: AuthUser) => ReactNode }) {
  const { data: user, isPending, isError } = useCurrentUser();
  const signedOut = !isPending && (isError || !user);

  useEffect(() => {
    if (signedOut) redirectToLogin();
  }, [signedOut]);

  if (!user)
    return <Spinner label={signedOut ? 'Redirecting to login...' : 'Checking your session...'} className="min-h-screen" />;
  return <TooltipProvider>{children(user)}</TooltipProvider>;
}
