import { Activity, CheckCircle2, Download } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { DEFAULT_SYNC_INTERVAL_MINUTES, SYNC_INTERVAL_CHOICES } from '@shared/constants';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/input';
import { Select } from '@client/components/ui/select';
import { Skeleton } from '@client/components/ui/skeleton';
import { Switch } from '@client/components/ui/switch';
import { errorMessage } from '@client/lib/api-client';
import { syncIntervalLabel, useDiscoveryStatus, useSaveSyncInterval, useSyncInterval } from '../api/admin-settings';
import { LoadError } from '@client/components/ui/load-error';
import { Panel } from '@client/components/ui/panel';
import { ApiKeysPanel } from './api-keys-panel';

const SYSTEM_STATUS = [
  { label: 'Discovery Engine', value: 'Operational' },
  { label: 'AI Search', value: 'Operational' },
  { label: 'Database', value: 'Connected' },
  { label: 'Real-time Notifications', value: 'Connected' },
];

const PREFERENCES = [
  { id: 'pref-realtime', label: 'Real-time notifications', description: 'Show discovery events as they happen.', enabled: true },
  { id: 'pref-email', label: 'Email notifications', description: 'Send a summary of new discoveries by email.', enabled: true },
  { id: 'pref-auto-approve', label: 'Auto-approval', description: 'Publish discovered apps without review.', enabled: false },
  { id: 'pref-duplicates', label: 'Duplicate detection', description: 'Skip apps that are already listed.', enabled: true },
];

function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function SyncIntervalForm({ current }: { current: number }) {
  const [choice, setChoice] = useState(String(current));
  const save = useSaveSyncInterval();
  const status = useDiscoveryStatus();
  const options = SYNC_INTERVAL_CHOICES.some((item) => item.minutes === current)
    ? SYNC_INTERVAL_CHOICES.map((item) => ({ value: String(item.minutes), label: item.label }))
    : [
        { value: String(current), label: syncIntervalLabel(current) },
        ...SYNC_INTERVAL_CHOICES.map((item) => ({ value: String(item.minutes), label: item.label })),
      ];
  const minutes = Number(choice);

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        // Spec §5: the interval is saved only when it is a number greater than 0.
        if (Number.isInteger(minutes) && minutes > 0) save.mutate(minutes);
      }}
    >
      <div className="grid gap-1.5 sm:max-w-sm">
        <Label htmlFor="sync-frequency">Discovery frequency</Label>
        <Select
          id="sync-frequency"
          value={choice}
          onValueChange={setChoice}
          options={options}
          aria-describedby="sync-frequency-hint"
        />
        <p id="sync-frequency-hint" className="text-xs text-slate-600">
          How often scheduled discovery reads the configured sources. Daily is recommended for production.
        </p>
      </div>
      {status.data?.nextRunAt ? (
        <p className="text-sm text-slate-700">
          Next scheduled run: <time dateTime={status.data.nextRunAt}>{formatDateTime(status.data.nextRunAt)}</time>
        </p>
      ) : status.data && !status.data.schedulerEnabled ? (
        <p className="text-sm text-slate-700">Scheduled discovery is turned off on this server.</p>
      ) : null}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Settings (spec §2 Admin Settings): discovery frequency, static status and preferences; the shell hands in
 * the discovery feature's sources panel and activity log, which this view places.
 */
/** Settings; the shell hands in the panels other admin features own (discovery sources and log, link checks). */
export function SettingsView({
  discoverySources,
  discoveryLog,
  healthSettings,
}: {
  discoverySources: ReactNode;
  discoveryLog: ReactNode;
  healthSettings: ReactNode;
}) {
  const interval = useSyncInterval();

  return (
    // Grid items may shrink below their content (a long source URL or log line truncates instead of widening the page).
    <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
      <Panel title="Auto-Discovery Configuration" description="Schedule for automatic app discovery" className="xl:col-span-2">
        {interval.isPending ? (
          <Skeleton className="h-24 w-full max-w-sm" />
        ) : interval.isError ? (
          <LoadError
            message={`Unable to load the sync interval: ${errorMessage(interval.error)}`}
            onRetry={() => void interval.refetch()}
          />
        ) : (
          <SyncIntervalForm
            key={interval.data.intervalMinutes}
            current={interval.data.intervalMinutes ?? DEFAULT_SYNC_INTERVAL_MINUTES}
          />
        )}
      </Panel>

      <Panel
        title="Link Health Checks"
        description="How often published apps' links are checked, and how many checks run at once (never two on one site)"
        className="xl:col-span-2"
      >
        {healthSettings}
      </Panel>

      <Panel title="System Status">
        <ul className="grid gap-3">
          {SYSTEM_STATUS.map((item) => (
            <li key={item.label} className="flex items-center justify-between gap-3 text-sm">
              <span className="text-slate-800">{item.label}</span>
              <span className="flex items-center gap-1.5 font-medium text-emerald-800">
                <CheckCircle2 className="size-4" aria-hidden="true" />
                {item.value}
              </span>
            </li>
          ))}
        </ul>
      </Panel>

      <Panel title="System Preferences">
        <ul className="grid gap-4">
          {PREFERENCES.map((preference) => (
            <li key={preference.id} className="flex items-start justify-between gap-4">
              <div>
                <Label htmlFor={preference.id}>{preference.label}</Label>
                <p id={`${preference.id}-description`} className="text-xs text-slate-600">
                  {preference.description} {preference.enabled ? 'Enabled.' : 'Disabled.'}
                </p>
              </div>
              <Switch
                id={preference.id}
                checked={preference.enabled}
                disabled
                aria-describedby={`${preference.id}-description`}
              />
            </li>
          ))}
        </ul>
        <div className="mt-5 border-t border-slate-100 pt-4">
          <Button variant="outline" disabled aria-describedby="export-settings-note">
            <Download className="size-4" aria-hidden="true" />
            Export Settings
          </Button>
          <p id="export-settings-note" className="mt-1 text-xs text-slate-600">
            These preferences are fixed for this release.
          </p>
        </div>
      </Panel>

      <div className="xl:col-span-2">{discoverySources}</div>

      <div className="xl:col-span-2">
        <ApiKeysPanel />
      </div>

      <Panel
        title="Discovery Activity Log"
        description="Recent discovery runs, refreshed every 30 seconds"
        className="xl:col-span-2"
        actions={<Activity className="size-5 text-slate-500" aria-hidden="true" />}
      >
        {discoveryLog}
      </Panel>
    </div>
  );
}
