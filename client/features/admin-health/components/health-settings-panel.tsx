import { useId, useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input, Label } from '@client/components/ui/input';
import { Select } from '@client/components/ui/select';
import { toast } from '@client/components/ui/use-toast';
import { fieldErrors } from '@client/lib/form-fields';
import { HEALTH_INTERVAL_CHOICES, healthSettingsSchema } from '@shared/schemas/link-health';
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

/** The frequency choices, with the saved interval first when it is none of them (set through the API). */
function intervalOptions(saved: number) {
  const options = HEALTH_INTERVAL_CHOICES.map((choice) => ({ value: String(choice.minutes), label: choice.label }));
  return options.some((option) => option.value === String(saved))
    ? options
    : [{ value: String(saved), label: `Every ${saved} minutes` }, ...options];
}

function HealthSettingsForm({ current }: { current: HealthSettings }) {
  const save = useSaveHealthSettings();
  const [interval, setIntervalMinutes] = useState(String(current.intervalMinutes));
  const [concurrency, setConcurrency] = useState(String(current.concurrency));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const intervalId = useId();
  const concurrencyId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same inline messages as every other admin form, not only the browser's bubble.
    const parsed = healthSettingsSchema.safeParse({
      intervalMinutes: interval,
      concurrency: concurrency.trim() === '' ? Number.NaN : concurrency,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Link check settings saved' }),
      onError: (error) => toast({ title: 'Could not save', description: failureMessage(error), variant: 'destructive' }),
    });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      aria-label="Link check settings"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={intervalId}>Link check frequency</Label>
        {/* The same list box as the discovery frequency above it. */}
        <Select
          id={intervalId}
          value={interval}
          onValueChange={setIntervalMinutes}
          options={intervalOptions(current.intervalMinutes)}
        />
      </div>
      <FormField id={concurrencyId} label="Parallel link checks" error={errors.concurrency}>
        {(props) => (
          <Input
            {...props}
            type="number"
            inputMode="numeric"
            min={1}
            max={32}
            value={concurrency}
            onChange={(event) => setConcurrency(event.target.value)}
          />
        )}
      </FormField>
      {/* Settings has the discovery frequency's "Save" too: this one names what it saves. */}
      <Button type="submit" disabled={save.isPending} className="sm:mt-7">
        Save link checks
      </Button>
    </form>
  );
}
