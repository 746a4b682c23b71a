import { CheckCircle2, Clock, FolderTree, Globe, Loader2, Radar, Sparkles } from 'lucide-react';
import type { FormEvent } from 'react';
import { isHttpUrl } from '@shared/schemas/discovery';
import { Button } from '@client/components/ui/button';
import { FieldError, Input, Label } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { LoadError } from '@client/components/ui/load-error';
import { Panel } from '@client/components/ui/panel';
import { StatCard, StatCardSkeletons } from '@client/components/ui/stat-card';
import { errorMessage } from '@client/lib/api-client';
import { useDiscoverUrl, useDiscoveryStats, useTriggerDiscovery } from '../api/discovery-api';
import { useUrlField } from '../hooks/use-url-field';
import { scanOutcomeToast } from '../lib/scan-outcome';

function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${rate.toFixed(rate % 1 === 0 ? 0 : 1)}%`;
}

function DiscoveryFigures() {
  const stats = useDiscoveryStats();
  if (stats.isPending) return <StatCardSkeletons />;
  if (stats.isError)
    return (
      <LoadError
        message={`Could not load the discovery figures: ${errorMessage(stats.error)}`}
        onRetry={() => void stats.refetch()}
      />
    );
  const figures = stats.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label="Apps Discovered"
        value={figures.appsDiscovered.toLocaleString('en-US')}
        hint="Found by scans and submissions"
        icon={Radar}
      />
      <StatCard
        label="Success Rate"
        value={formatRate(figures.successRate)}
        hint="Candidate pages that became apps"
        icon={CheckCircle2}
      />
      <StatCard
        label="Categories"
        value={figures.categories.toLocaleString('en-US')}
        hint="Active categories to file apps under"
        icon={FolderTree}
      />
      <StatCard
        label="Pending Review"
        value={figures.pendingReview.toLocaleString('en-US')}
        hint="Waiting in All Apps"
        icon={Clock}
      />
    </div>
  );
}

function StartScan() {
  const trigger = useTriggerDiscovery();
  const start = () => {
    toast({ title: 'App Discovery Started', description: 'Reading the discovery sources for new AI apps...' });
    trigger.mutate(undefined, {
      onSuccess: (result) => toast(scanOutcomeToast(result)),
      onError: (error) => toast({ title: 'Discovery Failed', description: errorMessage(error), variant: 'destructive' }),
    });
  };
  return (
    <Panel
      title="Automatic discovery"
      description="Scan every enabled feed, sitemap and JSON list (managed in Settings) for new AI apps. New apps wait for review."
    >
      <Button onClick={start} disabled={trigger.isPending} aria-busy={trigger.isPending}>
        {trigger.isPending ? (
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <Radar className="size-4" aria-hidden="true" />
        )}
        {trigger.isPending ? 'Scanning...' : 'Start Scan'}
      </Button>
    </Panel>
  );
}

function ManualDiscovery() {
  const { url, setUrl, error: fieldError, setError: setFieldError, errorId, inputProps } = useUrlField();
  const discover = useDiscoverUrl();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = url.trim();
    // Spec §5: an empty URL is ignored.
    if (!value) return;
    if (!isHttpUrl(value)) {
      setFieldError('Please enter a valid URL.');
      toast({ title: 'Invalid URL', description: 'Please enter a valid URL.', variant: 'destructive' });
      return;
    }
    setFieldError(undefined);
    discover.mutate(value, {
      onSuccess: (app) => {
        setUrl('');
        toast({ title: 'App Discovered', description: `"${app.name}" was added to ${app.category} and is waiting for review.` });
      },
      onError: (error) => toast({ title: 'Discovery Failed', description: errorMessage(error), variant: 'destructive' }),
    });
  };

  return (
    <Panel
      title="Manual discovery"
      description="Paste the address of an AI app: its page is read, summarised and filed as a pending app."
    >
      <form onSubmit={submit} noValidate className="grid gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={inputProps.id}>Application URL</Label>
          <div className="relative">
            <Globe
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              {...inputProps}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://example.com"
              className="pl-9"
              disabled={discover.isPending}
            />
          </div>
          <FieldError id={errorId} message={fieldError} />
        </div>
        <div>
          <Button type="submit" disabled={discover.isPending} aria-busy={discover.isPending}>
            {discover.isPending ? (
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <Sparkles className="size-4" aria-hidden="true" />
            )}
            {discover.isPending ? 'Analyzing...' : 'Analyze & Extract Data'}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

/** The Discover view (spec §2 Admin Discover): figures, Start Scan and the manual URL form. */
export function DiscoverView() {
  return (
    <div className="grid gap-6">
      <DiscoveryFigures />
      <div className="grid gap-6 lg:grid-cols-2">
        <ManualDiscovery />
        <StartScan />
      </div>
    </div>
  );
}
