import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, RefreshCw, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useCurrentUser } from '@client/lib/current-user';
import { useAuthDebug } from '../api/auth-api';
import { formatExpiry, setOrNotSet, tokenStatus, type TokenStatus } from '../lib/token-status';
import { queryKeys } from '@client/lib/query-keys';

function YesNo({ value }: { value: boolean }) {
  return value ? (
    <span className="inline-flex items-center gap-1.5 font-medium text-emerald-800">
      <CheckCircle2 className="size-4" aria-hidden="true" />
      Yes
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 font-medium text-red-700">
      <XCircle className="size-4" aria-hidden="true" />
      No
    </span>
  );
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-2 text-sm">
      {rows.map(([label, value]) => (
        <div
          key={label}
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 border-b border-slate-100 pb-2 last:border-0 last:pb-0"
        >
          <dt className="text-slate-600">{label}</dt>
          <dd className="break-all text-right font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </Card>
  );
}

const TOKEN_BADGE: Record<TokenStatus, 'success' | 'destructive' | 'outline'> = {
  Valid: 'success',
  Expired: 'destructive',
  'No Token': 'outline',
};

function SetBadge({ value }: { value: unknown }) {
  const state = setOrNotSet(value);
  return <Badge variant={state === 'SET' ? 'success' : 'outline'}>{state}</Badge>;
}

function KeyValueList({ label, entries, empty }: { label: string; entries: [string, string][]; empty: string }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <div className="max-h-80 overflow-auto" tabIndex={0} role="region" aria-label={label}>
      <dl className="grid gap-1 font-mono text-xs">
        {entries.map(([key, value]) => (
          <div key={key} className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-3 border-b border-slate-100 py-1">
            <dt className="text-slate-600">{key}</dt>
            <dd className="break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * `/auth-test` (spec §2 Auth test): the session and profile as the server sees them, with the
 * actions to sign in and out. No secret, cookie value or session id is ever shown (the server masks them).
 */
export default function AuthTestPage() {
  useDocumentTitle('Authentication Test');
  const queryClient = useQueryClient();
  const debug = useAuthDebug();
  const user = useCurrentUser();
  const authenticated = Boolean(debug.data?.session.isAuthenticated ?? user.data);

  const refresh = () => {
    void debug.refetch();
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    void user.refetch();
  };

  const data = debug.data;
  // The token is judged as of the moment the diagnostics were fetched.
  const status = tokenStatus(data?.user, Math.floor(debug.dataUpdatedAt / 1000));
  const claims = data?.user.claims;

  return (
    <main id="main" className="min-h-screen bg-slate-50 px-4 py-10">
      <div className="mx-auto grid max-w-4xl gap-6">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">Authentication Test</h1>
            <p className="text-sm text-slate-600">
              Diagnostics of the current session. Secrets and cookie values are never shown.
            </p>
          </div>
          <Button variant="outline" onClick={refresh} disabled={debug.isFetching}>
            <RefreshCw className={`size-4 ${debug.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" />
            Refresh
          </Button>
        </header>

        {debug.isPending ? (
          <Spinner label="Loading diagnostics..." />
        ) : debug.isError ? (
          <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-5 text-red-800">
            <h2 className="font-semibold">Diagnostics unavailable</h2>
            <p className="mt-1 text-sm">{debug.error.message || 'Unknown error'}</p>
          </div>
        ) : null}

        <div className="grid gap-6 md:grid-cols-2">
          <Section title="Authentication Status">
            <Rows
              rows={[
                ['Authenticated', <YesNo key="a" value={authenticated} />],
                ['Session exists', <YesNo key="s" value={data?.session.exists ?? false} />],
                ['User profile loaded', <YesNo key="u" value={Boolean(user.data)} />],
                [
                  'Token status',
                  <Badge key="t" variant={TOKEN_BADGE[status]}>
                    {status}
                  </Badge>,
                ],
                ['Session ID', data?.session.id ?? 'None'],
                ['Sign-in method', data?.authMode === 'oidc' ? 'Identity provider' : data ? 'Email and password' : '—'],
              ]}
            />
          </Section>

          <Section title="Profile Claims">
            <Rows
              rows={[
                ['User ID', claims?.sub ?? user.data?.id ?? '—'],
                ['Email', claims?.email ?? user.data?.email ?? '—'],
                ['First name', claims?.first_name ?? user.data?.firstName ?? '—'],
                ['Last name', claims?.last_name ?? user.data?.lastName ?? '—'],
                ['Token expiry', formatExpiry(data?.user.expires_at)],
              ]}
            />
          </Section>

          <Section title="Environment">
            <Rows
              rows={[
                ['Hostname', data?.hostname ?? window.location.hostname],
                ['Protocol', data?.protocol ?? window.location.protocol.replace(':', '')],
                ['Environment', data?.environment.NODE_ENV ?? '—'],
                ['Database connected', <YesNo key="db" value={data?.environment.databaseConnected ?? false} />],
                ['Database URL', <SetBadge key="du" value={data?.environment.DATABASE_URL} />],
                ['OAuth app id (REPL_ID)', <SetBadge key="r" value={data?.environment.REPL_ID} />],
                ['Session secret', <SetBadge key="ss" value={data?.environment.SESSION_SECRET} />],
              ]}
            />
          </Section>

          <Section title="Actions">
            <div className="grid gap-2 sm:grid-cols-2">
              <Button asChild>
                <a href="/api/login">Login</a>
              </Button>
              <Button
                variant="outline"
                onClick={() => {
                  queryClient.removeQueries({ queryKey: queryKeys.currentUser });
                  window.location.assign('/api/login');
                }}
              >
                Re-authenticate
              </Button>
              <Button asChild variant="outline">
                <a href="/api/logout">Logout</a>
              </Button>
              {authenticated ? (
                // The primary look: the grey secondary one read as disabled next to the disabled state.
                <Button asChild>
                  <a href="/admin">Go to Admin</a>
                </Button>
              ) : (
                <Button variant="secondary" disabled>
                  Go to Admin
                </Button>
              )}
            </div>
            <p className="mt-3 text-xs text-slate-600">
              Checked at{' '}
              <time dateTime={data?.timestamp}>
                {data?.timestamp
                  ? new Date(data.timestamp).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' })
                  : '—'}
              </time>
            </p>
          </Section>
        </div>

        <Section title="Request Headers">
          <KeyValueList label="Request headers" entries={Object.entries(data?.headers ?? {})} empty="No headers reported." />
        </Section>
        <Section title="Cookies">
          <KeyValueList label="Cookies" entries={Object.entries(data?.cookies ?? {})} empty="No cookies on this request." />
        </Section>
      </div>
    </main>
  );
}
