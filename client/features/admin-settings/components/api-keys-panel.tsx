import { Copy, KeyRound, Loader2, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { ApiKey, CreatedApiKey } from '@shared/schemas/api-keys';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog, Dialog } from '@client/components/ui/dialog';
import { FieldError, Input, Label } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/admin-api-keys';
import { errorMessage } from '@client/lib/api-client';
import { LoadError } from '@client/components/ui/load-error';
import { Panel } from '@client/components/ui/panel';

function formatDate(value: string): string {
  return new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const nameId = useId();
  const errorId = `${nameId}-error`;
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const create = useCreateApiKey();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const value = name.trim();
    if (!value) {
      setFieldError('Name is required.');
      return;
    }
    setFieldError(undefined);
    create.mutate(value, {
      onSuccess: (created) => {
        setName('');
        onCreated(created);
      },
      onError: (error) => toast({ title: 'Creation Failed', description: errorMessage(error), variant: 'destructive' }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor={nameId}>Key name</Label>
        <Input
          id={nameId}
          placeholder="e.g. Partner dashboard"
          maxLength={100}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (fieldError) setFieldError(undefined);
          }}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
        />
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? (
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <Plus className="size-4" aria-hidden="true" />
        )}
        Create Key
      </Button>
      <div className="sm:col-span-2">
        <FieldError id={errorId} message={fieldError} />
      </div>
    </form>
  );
}

/** The secret of a key just created: shown in this dialog only, never again. */
function SecretDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const secretId = useId();
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(null);
          onClose();
        }
      }}
      title="Copy your API key now"
      description="This is the only time the key is shown. Aitlas stores only a hash of it: if it is lost, revoke it and create another."
    >
      {created ? (
        <div className="grid gap-3">
          <Label htmlFor={secretId}>API key “{created.key.name}”</Label>
          <Input
            id={secretId}
            readOnly
            value={created.secret}
            className="font-mono text-sm"
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="flex flex-wrap items-center justify-end gap-2">
            <span role="status" className="mr-auto text-sm text-emerald-800">
              {copied}
            </span>
            <Button
              variant="outline"
              onClick={() => {
                navigator.clipboard.writeText(created.secret).then(
                  () => setCopied('Copied to the clipboard.'),
                  () => setCopied('Copy failed: select the key and copy it.'),
                );
              }}
            >
              <Copy className="size-4" aria-hidden="true" />
              Copy
            </Button>
            <Button
              onClick={() => {
                setCopied(null);
                onClose();
              }}
            >
              Done
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (apiKey: ApiKey) => void }) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <KeyRound className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{apiKey.name}</p>
        <p className="text-xs text-slate-600">
          <code>{apiKey.prefix}…</code> · created {formatDate(apiKey.createdAt)} ·{' '}
          {apiKey.lastUsedAt ? `last used ${formatDate(apiKey.lastUsedAt)}` : 'never used'}
          {apiKey.revokedAt ? ` · revoked ${formatDate(apiKey.revokedAt)}` : ''}
        </p>
      </div>
      <Badge variant={revoked ? 'secondary' : 'success'}>{revoked ? 'Revoked' : 'Active'}</Badge>
      {revoked ? null : (
        <Button variant="outline" size="sm" onClick={() => onRevoke(apiKey)} aria-label={`Revoke key ${apiKey.name}`}>
          Revoke
        </Button>
      )}
    </li>
  );
}

/**
 * The API keys manager of the Settings screen: keys are optional for the public API and MCP server
 * and raise a client's rate limit. A new key's secret is shown once; revoking takes effect at once.
 */
export function ApiKeysPanel() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [pendingRevoke, setPendingRevoke] = useState<ApiKey | null>(null);

  return (
    <Panel
      title="API Keys"
      description="Optional keys for the public API and the MCP server: a key raises its client's rate limit. Reading never needs one."
    >
      <div className="grid gap-4">
        <CreateKeyForm onCreated={setCreated} />
        {keys.isPending ? (
          <div className="grid gap-2" aria-hidden="true">
            <Skeleton className="h-10 w-full" />
          </div>
        ) : keys.isError ? (
          <LoadError message={`Could not load the API keys: ${errorMessage(keys.error)}`} onRetry={() => void keys.refetch()} />
        ) : keys.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">No API keys yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="API keys">
            {keys.data.map((apiKey) => (
              <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={setPendingRevoke} />
            ))}
          </ul>
        )}
      </div>
      <SecretDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={pendingRevoke !== null}
        onOpenChange={(open) => {
          if (!open) setPendingRevoke(null);
        }}
        title="Revoke this API key?"
        description={`Clients using “${pendingRevoke?.name ?? 'this key'}” will be refused from now on. This cannot be undone.`}
        confirmLabel="Revoke"
        onConfirm={() => {
          if (!pendingRevoke) return;
          revoke.mutate(pendingRevoke.id, {
            onSuccess: (apiKey) => toast({ title: 'Key Revoked', description: `“${apiKey.name}” can no longer be used.` }),
            onError: (error) => toast({ title: 'Revoke Failed', description: errorMessage(error), variant: 'destructive' }),
          });
          setPendingRevoke(null);
        }}
      />
    </Panel>
  );
}
