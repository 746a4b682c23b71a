import { Loader2, Plus, Rss, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  DISCOVERY_SOURCE_TYPE_LABELS,
  DISCOVERY_SOURCE_TYPES,
  isHttpUrl,
  type DiscoverySource,
  type DiscoverySourceType,
} from '@shared/schemas/discovery';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { FieldError, Input, Label } from '@client/components/ui/input';
import { Select } from '@client/components/ui/select';
import { Skeleton } from '@client/components/ui/skeleton';
import { Switch } from '@client/components/ui/switch';
import { toast } from '@client/components/ui/use-toast';
import { LoadError } from '@client/components/ui/load-error';
import { Panel } from '@client/components/ui/panel';
import { errorMessage } from '@client/lib/api-client';
import {
  useAddDiscoverySource,
  useDeleteDiscoverySource,
  useDiscoverySources,
  useToggleDiscoverySource,
} from '../api/discovery-api';
import { useUrlField } from '../hooks/use-url-field';

const typeOptions = DISCOVERY_SOURCE_TYPES.map((type) => ({ value: type, label: DISCOVERY_SOURCE_TYPE_LABELS[type] }));

function AddSourceForm() {
  const { url, setUrl, error: fieldError, setError: setFieldError, errorId, inputProps } = useUrlField();
  const typeId = useId();
  const [type, setType] = useState<DiscoverySourceType>('rss');
  const add = useAddDiscoverySource();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = url.trim();
    if (!value) {
      setFieldError('Source URL is required.');
      return;
    }
    if (!isHttpUrl(value)) {
      setFieldError('Please enter a valid URL.');
      return;
    }
    setFieldError(undefined);
    add.mutate(
      { url: value, type },
      {
        onSuccess: () => {
          setUrl('');
          toast({ title: 'Source Added', description: `${DISCOVERY_SOURCE_TYPE_LABELS[type]} added to discovery.` });
        },
        onError: (error) => toast({ title: 'Creation Failed', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor={inputProps.id}>Source URL</Label>
        <Input {...inputProps} type="url" placeholder="https://example.com/feed.xml" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={typeId}>Source type</Label>
        <Select id={typeId} value={type} onValueChange={(value) => setType(value as DiscoverySourceType)} options={typeOptions} />
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? (
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <Plus className="size-4" aria-hidden="true" />
        )}
        Add Source
      </Button>
      <div className="sm:col-span-3">
        <FieldError id={errorId} message={fieldError} />
      </div>
    </form>
  );
}

function SourceRow({ source, onDelete }: { source: DiscoverySource; onDelete: (source: DiscoverySource) => void }) {
  const toggle = useToggleDiscoverySource();
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Rss className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900" title={source.url}>
          {source.url}
        </p>
        {source.lastRunAt && source.lastError ? (
          <p className="text-xs font-medium text-red-800" data-testid="source-status">
            Last read failed {new Date(source.lastRunAt).toLocaleString('en-US')}: {source.lastError}
          </p>
        ) : (
          <p className="text-xs text-slate-600" data-testid="source-status">
            {source.lastRunAt ? `Last read ${new Date(source.lastRunAt).toLocaleString('en-US')}` : 'Not read yet'}
          </p>
        )}
      </div>
      <Badge variant="outline">{DISCOVERY_SOURCE_TYPE_LABELS[source.type]}</Badge>
      <div className="flex items-center gap-2">
        <Switch
          checked={source.enabled}
          disabled={toggle.isPending}
          onCheckedChange={(enabled) =>
            toggle.mutate(
              { id: source.id, enabled },
              { onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' }) },
            )
          }
          aria-label={`Read ${source.url} in scans`}
        />
        <span className="text-sm text-slate-700" aria-hidden="true">
          {source.enabled ? 'Enabled' : 'Disabled'}
        </span>
      </div>
      <Button variant="ghost" size="icon" onClick={() => onDelete(source)} aria-label={`Delete source ${source.url}`}>
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </li>
  );
}

/**
 * The Discovery Sources manager of the Settings screen: the RSS/Atom feeds, sitemaps and JSON lists
 * a scan reads, each of which can be switched off or deleted.
 */
export function DiscoverySourcesPanel() {
  const sources = useDiscoverySources();
  const remove = useDeleteDiscoverySource();
  const [pendingDelete, setPendingDelete] = useState<DiscoverySource | null>(null);

  return (
    <Panel
      title="Discovery Sources"
      description="Feeds, sitemaps and JSON lists that scheduled and manual scans read for new AI apps."
    >
      {/* The rows may shrink below a long URL's width: it truncates instead of widening the page. */}
      <div className="grid gap-4 [&>*]:min-w-0">
        <AddSourceForm />
        {sources.isPending ? (
          <div className="grid gap-2" aria-hidden="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : sources.isError ? (
          <LoadError
            message={`Could not load the sources: ${errorMessage(sources.error)}`}
            onRetry={() => void sources.refetch()}
          />
        ) : sources.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            No sources yet. Add a feed, sitemap or JSON list above so scans have somewhere to look.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Discovery sources">
            {sources.data.map((source) => (
              <SourceRow key={source.id} source={source} onDelete={setPendingDelete} />
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete this source?"
        description={`Scans will stop reading ${pendingDelete?.url ?? 'this source'}. Apps already found stay.`}
        confirmLabel="Delete"
        onConfirm={() => {
          if (!pendingDelete) return;
          remove.mutate(pendingDelete.id, {
            onSuccess: () => toast({ title: 'Source Deleted', description: 'The source is no longer read.' }),
            onError: (error) => toast({ title: 'Deletion Failed', description: errorMessage(error), variant: 'destructive' }),
          });
          setPendingDelete(null);
        }}
      />
    </Panel>
  );
}
