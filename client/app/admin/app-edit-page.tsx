import { Link, useParams } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { AdminSessionGate } from './admin-session-gate';
import { useAdminApp } from '@client/features/admin-apps/api/admin-apps';
import { AppEditForm } from '@client/features/admin-apps/components/app-edit-form';
import { useSessionExpiryRedirect } from './use-session-expiry-redirect';

const NOT_FOUND_MESSAGE = 'App not found. Please check the URL and try again.';

function EditContent({ id }: { id: number }) {
  useSessionExpiryRedirect();
  const app = useAdminApp(id);
  useDocumentTitle(app.data ? `Edit ${app.data.name}` : 'Edit app');

  if (!Number.isInteger(id) || id <= 0) return <LoadFailure message={NOT_FOUND_MESSAGE} />;
  if (app.isPending) return <Spinner label="Loading app..." className="min-h-[60vh]" />;
  if (app.isError) {
    const notFound = app.error instanceof ApiError && app.error.status === 404;
    return (
      <LoadFailure
        message={
          notFound
            ? NOT_FOUND_MESSAGE
            : app.error instanceof ApiError
              ? app.error.serverMessage
              : app.error.message || NOT_FOUND_MESSAGE
        }
      />
    );
  }
  return <AppEditForm key={app.data.id} app={app.data} />;
}

function LoadFailure({ message }: { message: string }) {
  return (
    <div className="mx-auto grid max-w-xl gap-4 px-4 py-16">
      <h1 className="text-2xl font-bold">Edit app</h1>
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {message}
      </div>
      <div>
        <Button asChild variant="outline">
          <Link href="/admin?view=all">Back to All Apps</Link>
        </Button>
      </div>
    </div>
  );
}

/** `/app/:id/edit` (spec §2 Edit app): login required; the server also refuses the calls without an admin session. */
export default function AppEditPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <AdminSessionGate>
      {() => (
        <main id="main" className="min-h-screen bg-slate-50">
          <EditContent id={Number(id)} />
        </main>
      )}
    </AdminSessionGate>
  );
}
