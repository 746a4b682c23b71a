import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { ListingCard } from '@client/components/listing-card';
import { NotFoundPage } from '@client/components/layout/not-found-page';
import { PublicPageFrame } from '@client/components/layout/public-page-frame';
import { Button } from '@client/components/ui/button';
import { LoadError } from '@client/components/ui/load-error';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api-client';
import { addSavedApps, setOwnedStackSecret, useOwnedStackSecret } from '@client/lib/saved-apps';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useHydrated } from '@client/lib/use-hydrated';
import { countSave, deleteStack, fetchStack, updateStack, type StackDraft } from '../api/stacks-api';
import { StackEditor } from '../components/stack-editor';
import { queryKeys } from '@client/lib/query-keys';

/**
 * `/stacks/{id}`: a shared list of apps, read-only for visitors (copy the link, save all), editable and
 * deletable from the browser that made it (it keeps the secret).
 */
export default function StackPage() {
  const { stackId } = useParams<{ stackId: string }>();
  const hydrated = useHydrated();
  const secret = useOwnedStackSecret(stackId);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [editError, setEditError] = useState<string | null>(null);
  const query = useQuery({ queryKey: [...queryKeys.stacks, 'page', stackId], queryFn: () => fetchStack(stackId) });
  const stack = query.data;
  useDocumentTitle(stack ? stack.title : query.isPending ? 'Loading list' : null);

  if (query.isSuccess && !stack) return <NotFoundPage />;

  const listed = (stack?.apps ?? []).flatMap((entry) => (entry.app ? [entry.app] : []));

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href.split('#')[0] ?? window.location.href);
      setStatus('Link copied.');
    } catch {
      setStatus('The link could not be copied: copy it from the address bar.');
    }
  };

  const saveAll = async () => {
    addSavedApps(listed.map((app) => app.id));
    // Each save is counted once per visitor on the server, as on the app page.
    await Promise.allSettled(listed.map((app) => countSave(app.id)));
    setStatus(`Saved ${listed.length} ${listed.length === 1 ? 'app' : 'apps'} to your Saved list.`);
  };

  const save = async (draft: StackDraft) => {
    if (!secret) return;
    setBusy(true);
    setEditError(null);
    try {
      const updated = await updateStack(stackId, secret, draft);
      queryClient.setQueryData([...queryKeys.stacks, 'page', stackId], updated);
      setEditing(false);
      setStatus('List updated.');
    } catch (error) {
      setEditError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!secret || !window.confirm('Delete this list? Its link will stop working.')) return;
    try {
      await deleteStack(stackId, secret);
      setOwnedStackSecret(stackId, null);
      toast({ title: 'List deleted', description: 'Its link no longer works.' });
      navigate('/saved');
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <PublicPageFrame>
      {query.isPending ? (
        <Spinner label="Loading list..." className="min-h-screen items-start pt-32" />
      ) : query.isError || !stack ? (
        <LoadError
          size="page"
          message="The list could not be loaded."
          onRetry={() => void query.refetch()}
          className="mx-auto mt-16 max-w-xl"
        />
      ) : (
        <>
          <header>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Shared list</p>
            <h1 className="mt-1 break-words text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{stack.title}</h1>
            <p className="mt-2 text-slate-700">
              {stack.apps.length} {stack.apps.length === 1 ? 'app' : 'apps'}, in the order their curator put them.
            </p>
            {hydrated ? (
              <div className="mt-4 flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => void copyLink()}>
                  <Copy className="size-4" aria-hidden="true" />
                  Copy link
                </Button>
                {listed.length > 0 ? <Button onClick={() => void saveAll()}>Save all</Button> : null}
                {secret && !editing ? (
                  <>
                    <Button variant="outline" onClick={() => setEditing(true)}>
                      Edit list
                    </Button>
                    <Button variant="destructive" onClick={() => void remove()}>
                      <Trash2 className="size-4" aria-hidden="true" />
                      Delete list
                    </Button>
                  </>
                ) : null}
              </div>
            ) : (
              <p className="mt-4 break-all text-sm text-slate-700">Share this page&apos;s address to share the list.</p>
            )}
            <p role="status" aria-live="polite" className="mt-3 min-h-6 text-sm text-slate-800" data-testid="stack-status">
              {status}
              {status.startsWith('Saved') ? (
                <>
                  {' '}
                  <Link href="/saved" className="font-semibold text-brand-700 underline underline-offset-4">
                    Open Saved
                  </Link>
                </>
              ) : null}
            </p>
          </header>
          {editing && secret ? (
            <div className="mt-6">
              <StackEditor
                initialTitle={stack.title}
                initialItems={stack.apps.flatMap((entry) =>
                  entry.app ? [{ id: entry.app.id, name: entry.app.name, note: entry.note ?? '' }] : [],
                )}
                initialPublished={stack.published}
                submitLabel="Save changes"
                busy={busy}
                error={editError}
                onSubmit={(draft) => void save(draft)}
                onCancel={() => setEditing(false)}
              />
            </div>
          ) : null}
          <ol className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {stack.apps.map((entry, index) => (
              <li key={`${entry.appId ?? 'gone'}-${index}`}>
                {entry.app ? (
                  <ListingCard app={entry.app} reason={entry.note} reasonLabel="Note" rank={index + 1} />
                ) : (
                  <article
                    className="flex h-full flex-col rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-5"
                    data-testid="stack-unlisted"
                  >
                    <h2 className="text-base font-semibold text-slate-800">
                      {index + 1}. {entry.name}
                    </h2>
                    <p className="mt-2 text-sm text-slate-700">No longer listed on Aitlas.</p>
                    {entry.note ? <p className="mt-2 text-sm text-slate-700">Note: {entry.note}</p> : null}
                  </article>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </PublicPageFrame>
  );
}
