import { BarChart3, Calendar, ExternalLink, FileText, Image as ImageIcon, Info, Tags } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { ALL_CATEGORY_NAME, APP_STATUSES, EDIT_REDIRECT_DELAY_MS, PRICING_TYPES } from '@shared/constants';
import { formatCountPrecise, formatRating } from '@shared/format';
import { adminAppUpdateSchema, type AdminApp } from '@shared/schemas/admin-app';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Input, Label, Textarea } from '@client/components/ui/input';
import { Select } from '@client/components/ui/select';
import { Switch } from '@client/components/ui/switch';
import { toast } from '@client/components/ui/use-toast';
import { ApiError, errorMessage } from '@client/lib/api-client';
import { useUpdateApp } from '../api/admin-apps';
import { useAdminCategories } from '@client/lib/admin-categories';
import { fieldErrors, serverFieldErrors } from '@client/lib/form-fields';
import { statusBadgeVariant, statusLabel } from '../lib/app-status';
import { editFormValuesOf, editRequestBody, type EditFormValues } from '../lib/edit-form-values';
import { FormField } from '@client/components/ui/form-field';
import { TagEditor } from '@client/components/ui/tag-editor';

const ALL_APPS_HREF = '/admin?view=all';

function Section({ title, icon: Icon, children }: { title: string; icon: typeof Info; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card className="overflow-hidden">
      <section aria-labelledby={id}>
        <h2
          id={id}
          className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-5 py-3 text-base font-semibold text-slate-900"
        >
          <Icon className="size-4 text-brand-600" aria-hidden="true" />
          {title}
        </h2>
        <div className="grid gap-4 p-5 md:grid-cols-2">{children}</div>
      </section>
    </Card>
  );
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The edit form of spec §2 Edit app, §5 App edit form: six sections, validated like the server. */
export function AppEditForm({ app }: { app: AdminApp }) {
  const [, navigate] = useLocation();
  const [values, setValues] = useState<EditFormValues>(() => editFormValuesOf(app));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const categories = useAdminCategories();
  const update = useUpdateApp(app.id);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  const set = <K extends keyof EditFormValues>(key: K, value: EditFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const text = (key: keyof EditFormValues) => (event: { target: { value: string } }) => set(key, event.target.value as never);

  const categoryOptions = (categories.data ?? [])
    .filter((category) => category.name !== ALL_CATEGORY_NAME)
    .map((category) => ({ value: category.name, label: category.isActive ? category.name : `${category.name} (inactive)` }));
  if (values.category && !categoryOptions.some((option) => option.value === values.category)) {
    categoryOptions.unshift({ value: values.category, label: values.category });
  }

  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = editRequestBody(values);
    const parsed = adminAppUpdateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      focusFirstError();
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        toast({
          title: 'App Updated',
          description: `${saved?.name ?? values.name} has been saved. Returning to the dashboard...`,
        });
        redirectTimer.current = setTimeout(() => navigate('/admin'), EDIT_REDIRECT_DELAY_MS);
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? serverFieldErrors(error.body?.error?.details) : {};
        if (Object.keys(fields).length > 0) {
          setErrors(fields);
          focusFirstError();
        }
        toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      },
    });
  };

  const saving = update.isPending;
  const detected = new Date(app.detectedAt);

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button asChild variant="ghost" size="sm">
          <Link href={ALL_APPS_HREF}>← Back to All Apps</Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={app.url} target="_blank" rel="noopener noreferrer">
            <ExternalLink className="size-4" aria-hidden="true" />
            Visit Site
          </a>
        </Button>
      </div>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Edit {app.name}</h1>
        <Badge variant={statusBadgeVariant(values.status)}>{statusLabel(values.status)}</Badge>
      </header>

      <form ref={formRef} className="grid gap-6" onSubmit={onSubmit} noValidate aria-label={`Edit ${app.name}`}>
        <Section title="Basic Information" icon={Info}>
          <FormField id="edit-name" label="Name" error={errors.name}>
            {(props) => <Input {...props} value={values.name} onChange={text('name')} required />}
          </FormField>
          <FormField id="edit-url" label="Website URL" error={errors.url}>
            {(props) => <Input {...props} type="url" value={values.url} onChange={text('url')} required />}
          </FormField>
          <FormField id="edit-description" label="Description" error={errors.description} className="md:col-span-2">
            {(props) => <Textarea {...props} value={values.description} onChange={text('description')} rows={3} required />}
          </FormField>
          <FormField
            id="edit-long-description"
            label="Long description (optional)"
            error={errors.longDescription}
            className="md:col-span-2"
          >
            {(props) => <Textarea {...props} value={values.longDescription} onChange={text('longDescription')} rows={5} />}
          </FormField>
          <FormField id="edit-status" label="Status" error={errors.status}>
            {(props) => (
              <Select
                {...props}
                value={values.status}
                onValueChange={(value) => set('status', value as EditFormValues['status'])}
                options={APP_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
              />
            )}
          </FormField>
          <FormField id="edit-pricing" label="Pricing" error={errors.pricingType}>
            {(props) => (
              <Select
                {...props}
                value={values.pricingType || 'unknown'}
                onValueChange={(value) => set('pricingType', value === 'unknown' ? '' : (value as EditFormValues['pricingType']))}
                options={[
                  { value: 'unknown', label: 'Not specified' },
                  ...PRICING_TYPES.map((type) => ({ value: type, label: statusLabel(type) })),
                ]}
              />
            )}
          </FormField>
        </Section>

        <Section title="Statistics & Performance" icon={BarChart3}>
          <FormField
            id="edit-monthly-visitors"
            label="Monthly Visitors"
            error={errors.monthlyVisitors}
            hint={`Shown as ${formatCountPrecise(Number(values.monthlyVisitors) || 0)}`}
          >
            {(props) => (
              <Input
                {...props}
                type="number"
                min={0}
                inputMode="numeric"
                value={values.monthlyVisitors}
                onChange={text('monthlyVisitors')}
              />
            )}
          </FormField>
          <FormField
            id="edit-rating"
            label="Rating (1-50)"
            error={errors.rating}
            hint={
              values.rating.trim() ? `Shown as ${formatRating(Number(values.rating) || null)} stars` : 'Empty means no rating yet'
            }
          >
            {(props) => (
              <Input
                {...props}
                type="number"
                min={1}
                max={50}
                inputMode="numeric"
                value={values.rating}
                onChange={text('rating')}
              />
            )}
          </FormField>
          <FormField id="edit-traffic-growth" label="Traffic Growth (%)" error={errors.trafficGrowth}>
            {(props) => (
              <Input {...props} type="number" inputMode="numeric" value={values.trafficGrowth} onChange={text('trafficGrowth')} />
            )}
          </FormField>
        </Section>

        <Section title="Media & Assets" icon={ImageIcon}>
          <FormField
            id="edit-screenshot"
            label="Screenshot URL (optional)"
            error={errors.screenshotUrl}
            className="md:col-span-2"
          >
            {(props) => (
              <Input
                {...props}
                type="url"
                value={values.screenshotUrl}
                onChange={text('screenshotUrl')}
                placeholder="https://example.com/screenshot.png"
              />
            )}
          </FormField>
          {isHttpUrl(values.screenshotUrl) ? (
            <img
              src={values.screenshotUrl}
              alt={`Screenshot of ${values.name}`}
              className="aspect-video w-full max-w-md rounded-lg border border-slate-200 object-cover md:col-span-2"
              loading="lazy"
            />
          ) : null}
        </Section>

        <Section title="Analytics & Tracking" icon={BarChart3}>
          <FormField
            id="edit-view-count"
            label="View Count"
            error={errors.viewCount}
            hint={`Shown as ${formatCountPrecise(Number(values.viewCount) || 0)}`}
          >
            {(props) => (
              <Input {...props} type="number" min={0} inputMode="numeric" value={values.viewCount} onChange={text('viewCount')} />
            )}
          </FormField>
          <FormField
            id="edit-save-count"
            label="Save Count"
            error={errors.saveCount}
            hint={`Shown as ${formatCountPrecise(Number(values.saveCount) || 0)}`}
          >
            {(props) => (
              <Input {...props} type="number" min={0} inputMode="numeric" value={values.saveCount} onChange={text('saveCount')} />
            )}
          </FormField>
          <div className="flex items-center gap-3 md:col-span-2">
            <Switch
              id="edit-ai-generated"
              checked={values.aiGenerated}
              onCheckedChange={(checked) => set('aiGenerated', checked)}
            />
            <Label htmlFor="edit-ai-generated">AI-generated content</Label>
          </div>
        </Section>

        <Section title="Metadata" icon={Calendar}>
          <FormField id="edit-detected-at" label="Detected at" hint="Set when the app was discovered; it cannot be changed.">
            {(props) => (
              <Input
                {...props}
                value={
                  Number.isNaN(detected.getTime())
                    ? app.detectedAt
                    : detected.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' })
                }
                disabled
                readOnly
              />
            )}
          </FormField>
          <FormField id="edit-company" label="Company (optional)" error={errors.company}>
            {(props) => <Input {...props} value={values.company} onChange={text('company')} />}
          </FormField>
          <FormField id="edit-founded-year" label="Founded year (optional)" error={errors.foundedYear}>
            {(props) => (
              <Input
                {...props}
                type="number"
                min={1800}
                max={2100}
                inputMode="numeric"
                value={values.foundedYear}
                onChange={text('foundedYear')}
              />
            )}
          </FormField>
          <FormField id="edit-location" label="Location (optional)" error={errors.location}>
            {(props) => <Input {...props} value={values.location} onChange={text('location')} />}
          </FormField>
        </Section>

        <Section title="Tags & Categories" icon={Tags}>
          <FormField id="edit-category" label="Category" error={errors.category}>
            {(props) => (
              <Select
                {...props}
                value={values.category}
                onValueChange={(value) => set('category', value)}
                options={categoryOptions}
                placeholder="Choose a category"
              />
            )}
          </FormField>
          <div className="md:col-span-2">
            <TagEditor id="edit-new-tag" tags={values.tags} onChange={(tags) => set('tags', tags)} error={errors.tags} />
          </div>
        </Section>

        <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
          <p className="mr-auto flex items-center gap-2 text-sm text-slate-600">
            <FileText className="size-4" aria-hidden="true" />
            App #{app.id}
          </p>
          <Button asChild variant="outline">
            <Link href={ALL_APPS_HREF}>Cancel</Link>
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </div>
  );
}
