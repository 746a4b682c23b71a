import { useId, useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { Input, Label } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { HEALTH_INTERVAL_CHOICES } from '@shared/schemas/link-health';
import type { HealthSettings } from '@shared/schemas/link-health';
import { LoadFailure } from './query-states';
import { failureMessage, useHealthSettings, useSaveHealthSettings } from '../api/health-api';

/** Settings beside the discovery frequency: how often links are checked and how many checks run at once. */
export function HealthSettingsPanel() {
  const settings = useHealthSettings();
  if (settings.isError) return <LoadFailure error={settings.error} />;
  if (!settings.data) return <p className="text-sm text-slate-600">Loading…</p>;
  return <HealthSettingsForm key={`${settings.data.intervalMinutes}:${settings.data.concurrency}`} current={settings.data} />;
}

function HealthSettingsForm({ current }: { current: HealthSettings }) {
  const save = useSaveHealthSettings();
  const [interval, setIntervalMinutes] = useState(String(current.intervalMinutes));
  const [concurrency, setConcurrency] = useState(String(current.concurrency));
  const intervalId = useId();
  const concurrencyId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { intervalMinutes: Number(interval), concurrency: Number(concurrency) },
      {
        onSuccess: () => toast({ title: 'Link check settings saved' }),
        onError: (error) => toast({ title: 'Could not save', description: failureMessage(error), variant: 'destructive' }),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" aria-label="Link check settings">
      <div className="grid gap-1">
        <Label htmlFor={intervalId}>Link check frequency</Label>
        <select id={intervalId} value={interval} onChange={(event) => setIntervalMinutes(event.target.value)} className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm">
          {HEALTH_INTERVAL_CHOICES.map((choice) => (
            <option key={choice.minutes} value={choice.minutes}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={concurrencyId}>Parallel link checks</Label>
        <Input id={concurrencyId} type="number" min={1} max={32} value={concurrency} onChange={(event) => setConcurrency(event.target.value)} />
      </div>
      {/* Settings has the discovery frequency's "Save" too: this one names what it saves. */}
      <Button type="submit" disabled={save.isPending}>
        Save link checks
      </Button>
    </form>
  );
}
