import { useState, type FormEvent } from 'react';
import { categoryFormSchema, type Category } from '@shared/schemas/category';
import { categorySlugFromName } from '@shared/slug';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Input, Label, Textarea } from '@client/components/ui/input';
import { Switch } from '@client/components/ui/switch';
import { useCreateCategory, useUpdateCategory } from '../api/admin-categories';
import { fieldErrors } from '@client/lib/form-fields';
import { FormField } from '@client/components/ui/form-field';

interface FormValues {
  name: string;
  slug: string;
  description: string;
  sortOrder: string;
  isActive: boolean;
}

function CategoryForm({ category, nextSortOrder, onDone }: { category: Category | null; nextSortOrder: number; onDone: () => void }) {
  const [values, setValues] = useState<FormValues>(() => ({
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
    sortOrder: String(category?.sortOrder ?? nextSortOrder),
    isActive: category?.isActive ?? true,
  }));
  // On create the slug follows the name until the curator types a slug of their own.
  const [slugTouched, setSlugTouched] = useState(category !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const pending = createCategory.isPending || updateCategory.isPending;

  const onNameChange = (name: string) => setValues((current) => ({ ...current, name, slug: slugTouched ? current.slug : categorySlugFromName(name) }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = categoryFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    if (category) updateCategory.mutate({ id: category.id, changes: parsed.data }, { onSuccess: onDone });
    else createCategory.mutate(parsed.data, { onSuccess: onDone });
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <FormField id="category-form-name" label="Name" error={errors.name}>
        {(props) => <Input {...props} value={values.name} onChange={(event) => onNameChange(event.target.value)} autoComplete="off" />}
      </FormField>
      <FormField id="category-form-slug" label="Slug" error={errors.slug} hint="Lowercase letters, numbers and hyphens; used in app addresses.">
        {(props) => (
          <Input
            {...props}
            value={values.slug}
            onChange={(event) => {
              setSlugTouched(true);
              setValues({ ...values, slug: event.target.value });
            }}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField id="category-form-description" label="Description (optional)" error={errors.description}>
        {(props) => <Textarea {...props} value={values.description} onChange={(event) => setValues({ ...values, description: event.target.value })} rows={3} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="category-form-sort" label="Sort order" error={errors.sortOrder}>
          {(props) => <Input {...props} inputMode="numeric" value={values.sortOrder} onChange={(event) => setValues({ ...values, sortOrder: event.target.value })} />}
        </FormField>
        <div className="flex items-center gap-3 sm:pt-7">
          <Switch id="category-form-active" checked={values.isActive} onCheckedChange={(isActive) => setValues({ ...values, isActive })} />
          <Label htmlFor="category-form-active">Active</Label>
        </div>
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

/** The full category manager's form (spec §5 Category form, full manager), for creating or editing. */
export function CategoryFormDialog({
  open,
  onOpenChange,
  category,
  nextSortOrder,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  category: Category | null;
  nextSortOrder: number;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={category ? `Edit ${category.name}` : 'New Category'} description="Name, address slug, order and visibility of a category.">
      {open ? <CategoryForm key={category?.id ?? 'new'} category={category} nextSortOrder={nextSortOrder} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}
