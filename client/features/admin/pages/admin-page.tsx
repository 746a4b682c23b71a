import { useEffect } from 'react';
import { Spinner } from '@client/components/ui/spinner';
import { TooltipProvider } from '@client/components/ui/tooltip';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { redirectToLogin, useCurrentUser } from '../api/admin-auth';
import { AdminShell } from '../components/admin-shell';

/**
 * `/admin` (and `/` on the app. host). A signed-out visitor goes to the sign-in flow (spec §6);
 * the server refuses every admin call without an admin session whatever this page shows.
 */
export default function AdminPage() {
  useDocumentTitle('AI Admin');
  const { data: user, isPending, isError } = useCurrentUser();
  const signedOut = !isPending && (isError || !user);

  useEffect(() => {
    if (signedOut) redirectToLogin();
  }, [signedOut]);

  if (!user) return <Spinner label={signedOut ? 'Redirecting to login...' : 'Checking your session...'} className="min-h-screen" />;
  return (
    <TooltipProvider>
      <AdminShell user={user} />
    </TooltipProvider>
  );
}
