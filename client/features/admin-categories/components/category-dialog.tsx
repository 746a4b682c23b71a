import { useState, type FormEvent } from 'react';
import { categoryDialogSchema, type Category } from '@shared/schemas/category';
import { categorySlugFromName } from '@shared/slug';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Input, Label, Textarea } from '@client/components/ui/input';
import { Switch } from '@client/components/ui/switch';
import { useAdminCategories, useCreateCategory, useUpdateCategory } from '../api/admin-categories';
import { fieldErrors } from '@client/lib/form-fields';
import { FormField } from '@client/components/ui/form-field';

interface DialogValues {
  name: string;
  description: string;
  isActive: boolean;
}

function initialValues(category: Category | null): DialogValues {
  return { name: category?.name ?? '', description: category?.description ?? '', isActive: category?.isActive ?? true };
}

function CategoryDialogForm({ category, onDone }: { category: Category | null; onDone: () => void }) {
  const [values, setValues] = useState(() => initialValues(category));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const categories = useAdminCategories();
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const pending = createCategory.isPending || updateCategory.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = categoryDialogSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    if (category) {
      updateCategory.mutate({ id: category.id, changes: parsed.data }, { onSuccess: onDone });
    } else {
      // New categories go last; the slug follows the full manager's rule (spec §5).
      const lastOrder = Math.max(-1, ...(categories.data ?? []).map((item) => item.sortOrder));
      createCategory.mutate({ ...parsed.data, slug: categorySlugFromName(parsed.data.name), sortOrder: lastOrder + 1 }, { onSuccess: onDone });
    }
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <FormField id="category-dialog-name" label="Name" error={errors.name}>
        {(props) => <Input {...props} value={values.name} onChange={(event) => setValues({ ...values, name: event.target.value })} autoComplete="off" />}
      </FormField>
      <FormField id="category-dialog-description" label="Description" error={errors.description}>
        {(props) => <Textarea {...props} value={values.description} onChange={(event) => setValues({ ...values, description: event.target.value })} rows={3} />}
      </FormField>
      <div className="flex items-center gap-3">
        <Switch id="category-dialog-active" checked={values.isActive} onCheckedChange={(isActive) => setValues({ ...values, isActive })} />
        <Label htmlFor="category-dialog-active">Active (shown on the public marketplace)</Label>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : category ? 'Save Category' : 'Create Category'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The dashboard's category dialog (spec §5 Category form, dashboard dialog): name ≤ 50,
 * description required ≤ 200, active by default. Adds a category, or edits one from the grid.
 */
export function CategoryDialog({ open, onOpenChange, category }: { open: boolean; onOpenChange: (open: boolean) => void; category: Category | null }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={category ? 'Edit Category' : 'Add Category'} description={category ? `Change ${category.name}.` : 'Create a category for organising apps.'}>
      {open ? <CategoryDialogForm key={category?.id ?? 'new'} category={category} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}
