import { useState, type FormEvent } from 'react';
import { ALL_CATEGORY_NAME, APP_STATUSES, type AppStatus } from '@shared/constants';
import { adminAppCreateSchema } from '@shared/schemas/admin-app';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Input, Textarea } from '@client/components/ui/input';
import { Select } from '@client/components/ui/select';
import { toast } from '@client/components/ui/use-toast';
import { ApiError, errorMessage } from '@client/lib/api-client';
import { useCreateApp } from '../api/admin-apps';
import { useAdminCategories } from '@client/lib/admin-categories';
import { fieldErrors, serverFieldErrors } from '@client/lib/form-fields';
import { statusLabel } from '../lib/app-status';
import { FormField } from '@client/components/ui/form-field';
import { useSingleSubmit } from '@client/lib/use-single-submit';

const EMPTY = { name: '', url: '', category: '', description: '', status: 'pending' as AppStatus };

/** "Create New App": the essentials of an app; the rest is filled in on its edit page. */
export function CreateAppDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create New App"
      description="Add an application by hand. You can complete its details on the edit page."
    >
      {open ? <CreateAppForm onClose={() => onOpenChange(false)} onCreated={onCreated} /> : null}
    </Dialog>
  );
}

function CreateAppForm({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const categories = useAdminCategories();
  const createApp = useCreateApp();
  const single = useSingleSubmit();
  const pending = single.pending || createApp.isPending;
  const categoryOptions = (categories.data ?? [])
    .filter((category) => category.name !== ALL_CATEGORY_NAME)
    .map((category) => ({ value: category.name, label: category.name }));

  const set = (key: keyof typeof EMPTY) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminAppCreateSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    single.run((done) =>
      createApp.mutate(parsed.data, {
        onSettled: done,
        onSuccess: () => {
          onClose();
          onCreated();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? serverFieldErrors(error.body?.error?.details) : {};
          if (Object.keys(fields).length > 0) setErrors(fields);
          toast({ title: 'Creation Failed', description: errorMessage(error), variant: 'destructive' });
        },
      }),
    );
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <FormField id="create-app-name" label="Name" error={errors.name}>
        {(props) => (
          <Input {...props} value={values.name} onChange={(event) => set('name')(event.target.value)} autoComplete="off" />
        )}
      </FormField>
      <FormField id="create-app-url" label="Website URL" error={errors.url}>
        {(props) => (
          <Input
            {...props}
            type="url"
            value={values.url}
            onChange={(event) => set('url')(event.target.value)}
            placeholder="https://example.com"
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="create-app-category" label="Category" error={errors.category}>
          {(props) => (
            <Select
              {...props}
              value={values.category}
              onValueChange={set('category')}
              options={categoryOptions}
              placeholder={categories.isPending ? 'Loading...' : 'Choose a category'}
            />
          )}
        </FormField>
        <FormField id="create-app-status" label="Status" error={errors.status}>
          {(props) => (
            <Select
              {...props}
              value={values.status}
              onValueChange={set('status')}
              options={APP_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
            />
          )}
        </FormField>
      </div>
      <FormField id="create-app-description" label="Description" error={errors.description}>
        {(props) => (
          <Textarea {...props} value={values.description} onChange={(event) => set('description')(event.target.value)} rows={3} />
        )}
      </FormField>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Creating...' : 'Create App'}
        </Button>
      </div>
    </form>
  );
}
