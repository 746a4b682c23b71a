import { useQuery } from '@tanstack/react-query';
import { Bookmark } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ListingCard } from '@client/components/listing-card';
import { PublicPageFrame } from '@client/components/layout/public-page-frame';
import { Button } from '@client/components/ui/button';
import { LoadError } from '@client/components/ui/load-error';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessage } from '@client/lib/api-client';
import { removeSavedApp, restoreSavedApp, setOwnedStackSecret, useSavedAppIds } from '@client/lib/saved-apps';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useHydrated } from '@client/lib/use-hydrated';
import { STACK_MAX_APPS, stackPath } from '@shared/browse-paths';
import { createStack, fetchAppsByIds, type StackDraft } from '../api/stacks-api';
import { StackEditor } from '../components/stack-editor';
import { queryKeys } from '@client/lib/query-keys';

/**
 * `/saved`: the apps this browser saved, newest first, with remove and undo, and "Share as a list",
 * which turns them into a stack page. The list is the browser's, so the server renders only the frame.
 */
export default function SavedPage() {
  useDocumentTitle('Saved apps');
  const hydrated = useHydrated();
  const ids = useSavedAppIds();
  const newestFirst = [...ids].reverse();
  const [, navigate] = useLocation();
  const [removed, setRemoved] = useState<{ id: number; name: string; index: number } | null>(null);
  const [sharing, setSharing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shareError, setShareError] = useState<string | null>(null);
  const apps = useQuery({
    queryKey: [...queryKeys.stacks, 'saved', [...newestFirst].sort((a, b) => a - b).join(',')],
    queryFn: () => fetchAppsByIds(newestFirst),
    enabled: hydrated && ids.length > 0,
  });
  const byId = new Map((apps.data ?? []).map((app) => [app.id, app]));
  const listed = newestFirst.flatMap((id) => {
    const app = byId.get(id);
    return app ? [app] : [];
  });
  const unlisted = apps.isSuccess ? newestFirst.filter((id) => !byId.has(id)) : [];

  const remove = (id: number, name: string) => {
    const index = removeSavedApp(id);
    setRemoved({ id, name, index });
  };

  const share = async (draft: StackDraft) => {
    setBusy(true);
    setShareError(null);
    try {
      const created = await createStack(draft);
      setOwnedStackSecret(created.id, created.secret);
      navigate(stackPath(created.id));
    } catch (error) {
      setShareError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicPageFrame>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Saved apps</h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          The apps you saved in this browser, newest first. No account needed: share them as a list with anyone.
        </p>
      </header>
      <p role="status" aria-live="polite" className="mt-4 min-h-6 text-sm text-slate-800" data-testid="saved-status">
        {removed ? (
          <>
            Removed {removed.name}.{' '}
            <button
              type="button"
              className="font-semibold text-brand-700 underline underline-offset-4"
              onClick={() => {
                restoreSavedApp(removed.id, removed.index);
                setRemoved(null);
              }}
            >
              Undo
            </button>
          </>
        ) : null}
      </p>
      {!hydrated ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700">
          Your saved apps are kept in this browser; this page shows them once JavaScript runs.
        </p>
      ) : ids.length === 0 ? (
        <div
          className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700"
          data-testid="saved-empty"
        >
          <Bookmark className="mx-auto size-8 text-brand-600" aria-hidden="true" />
          <h2 className="mt-3 text-lg font-semibold text-slate-900">No saved apps yet</h2>
          <p className="mt-2">
            Press Save on an app&apos;s page to keep it here.{' '}
            <Link href="/best" className="font-semibold text-brand-700 underline underline-offset-4">
              Find the best AI tools for a task
            </Link>
          </p>
        </div>
      ) : apps.isPending ? (
        <Spinner label="Loading saved apps..." className="mt-16" />
      ) : apps.isError ? (
        <LoadError
          size="page"
          message="The saved apps could not be loaded."
          onRetry={() => void apps.refetch()}
          className="mx-auto mt-8 max-w-xl"
        />
      ) : (
        <>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600" data-testid="saved-total">
              {listed.length} saved {listed.length === 1 ? 'app' : 'apps'}
            </p>
            {listed.length > 0 && !sharing ? <Button onClick={() => setSharing(true)}>Share as a list</Button> : null}
          </div>
          {sharing ? (
            <div className="mt-6">
              <StackEditor
                initialTitle="My AI stack"
                initialItems={listed.slice(0, STACK_MAX_APPS).map((app) => ({ id: app.id, name: app.name, note: '' }))}
                initialPublished={false}
                submitLabel="Create shareable list"
                busy={busy}
                error={shareError}
                onSubmit={(draft) => void share(draft)}
                onCancel={() => setSharing(false)}
              />
            </div>
          ) : null}
          <ul className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {listed.map((app) => (
              <li key={app.id}>
                <ListingCard
                  app={app}
                  actions={
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => remove(app.id, app.name)}
                      aria-label={`Remove ${app.name} from saved apps`}
                    >
                      Remove
                    </Button>
                  }
                />
              </li>
            ))}
          </ul>
          {unlisted.length > 0 ? (
            <p className="mt-6 text-sm text-slate-700" data-testid="saved-unlisted">
              {unlisted.length === 1 ? '1 saved app is' : `${unlisted.length} saved apps are`} no longer listed.{' '}
              <button
                type="button"
                className="font-semibold text-brand-700 underline underline-offset-4"
                onClick={() => unlisted.forEach((id) => removeSavedApp(id))}
              >
                Forget {unlisted.length === 1 ? 'it' : 'them'}
              </button>
            </p>
          ) : null}
        </>
      )}
    </PublicPageFrame>
  );
}
