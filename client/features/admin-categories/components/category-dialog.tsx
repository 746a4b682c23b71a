import { useState, type FormEvent } from 'react';
import { categoryDialogSchema, categoryFormSchema, type Category } from '@shared/schemas/category';
import { categorySlugFromName } from '@shared/slug';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input, Label, Textarea } from '@client/components/ui/input';
import { Switch } from '@client/components/ui/switch';
import { useAdminCategories } from '@client/lib/admin-categories';
import { fieldErrors } from '@client/lib/form-fields';
import { useSingleSubmit } from '@client/lib/use-single-submit';
import { useCreateCategory, useUpdateCategory } from '../api/admin-categories';

/**
 * The two category forms of spec §5: `quick` is the dashboard dialog (name ≤ 50, description required
 * ≤ 200, active; slug and order follow), `full` is the manager's form (slug, optional description, order).
 */
export type CategoryDialogVariant = 'quick' | 'full';

interface FormValues {
  name: string;
  slug: string;
  description: string;
  sortOrder: string;
  isActive: boolean;
}

const VARIANTS = {
  quick: {
    idPrefix: 'category-dialog',
    descriptionLabel: 'Description',
    activeLabel: 'Active (shown on the public marketplace)',
    title: (category: Category | null) => (category ? 'Edit Category' : 'Add Category'),
    description: (category: Category | null) =>
      category ? `Change ${category.name}.` : 'Create a category for organising apps.',
  },
  full: {
    idPrefix: 'category-form',
    descriptionLabel: 'Description (optional)',
    activeLabel: 'Active',
    title: (category: Category | null) => (category ? `Edit ${category.name}` : 'New Category'),
    description: () => 'Name, address slug, order and visibility of a category.',
  },
} as const;

function CategoryForm({
  variant,
  category,
  onDone,
}: {
  variant: CategoryDialogVariant;
  category: Category | null;
  onDone: () => void;
}) {
  const { idPrefix, descriptionLabel, activeLabel } = VARIANTS[variant];
  const [values, setValues] = useState<FormValues>(() => ({
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
    // Spec §5/§9: a new category's sort order defaults to 0.
    sortOrder: String(category?.sortOrder ?? 0),
    isActive: category?.isActive ?? true,
  }));
  // On create the slug follows the name until the curator types a slug of their own.
  const [slugTouched, setSlugTouched] = useState(category !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const categories = useAdminCategories();
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const single = useSingleSubmit();
  const pending = single.pending || createCategory.isPending || updateCategory.isPending;

  const onNameChange = (name: string) =>
    setValues((current) => ({ ...current, name, slug: slugTouched ? current.slug : categorySlugFromName(name) }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = variant === 'quick' ? categoryDialogSchema.safeParse(values) : categoryFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    single.run((done) => {
      if (category) {
        updateCategory.mutate({ id: category.id, changes: parsed.data }, { onSuccess: onDone, onSettled: done });
      } else if (variant === 'quick') {
        // New categories go last; the slug follows the full manager's rule (spec §5).
        const lastOrder = Math.max(-1, ...(categories.data ?? []).map((item) => item.sortOrder));
        createCategory.mutate(
          { ...parsed.data, slug: categorySlugFromName(parsed.data.name), sortOrder: lastOrder + 1 },
          { onSuccess: onDone, onSettled: done },
        );
      } else {
        createCategory.mutate({ slug: values.slug, ...parsed.data }, { onSuccess: onDone, onSettled: done });
      }
    });
  };

  const activeSwitch = (
    <div className={variant === 'full' ? 'flex items-center gap-3 sm:pt-7' : 'flex items-center gap-3'}>
      <Switch
        id={`${idPrefix}-active`}
        checked={values.isActive}
        onCheckedChange={(isActive) => setValues({ ...values, isActive })}
      />
      <Label htmlFor={`${idPrefix}-active`}>{activeLabel}</Label>
    </div>
  );

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <FormField id={`${idPrefix}-name`} label="Name" error={errors.name}>
        {(props) => (
          <Input {...props} value={values.name} onChange={(event) => onNameChange(event.target.value)} autoComplete="off" />
        )}
      </FormField>
      {variant === 'full' ? (
        <FormField
          id={`${idPrefix}-slug`}
          label="Slug"
          error={errors.slug}
          hint="Lowercase letters, numbers and hyphens; used in app addresses."
        >
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
      ) : null}
      <FormField id={`${idPrefix}-description`} label={descriptionLabel} error={errors.description}>
        {(props) => (
          <Textarea
            {...props}
            value={values.description}
            onChange={(event) => setValues({ ...values, description: event.target.value })}
            rows={3}
          />
        )}
      </FormField>
      {variant === 'full' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${idPrefix}-sort`} label="Sort order" error={errors.sortOrder}>
            {(props) => (
              <Input
                {...props}
                inputMode="numeric"
                value={values.sortOrder}
                onChange={(event) => setValues({ ...values, sortOrder: event.target.value })}
              />
            )}
          </FormField>
          {activeSwitch}
        </div>
      ) : (
        activeSwitch
      )}
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

/** A category dialog: adds a category, or edits one, with the quick (dashboard) or full (manager) form. */
export function CategoryDialog({
  variant = 'quick',
  open,
  onOpenChange,
  category,
}: {
  variant?: CategoryDialogVariant;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  category: Category | null;
}) {
  const { title, description } = VARIANTS[variant];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title(category)} description={description(category)}>
      {open ? (
        <CategoryForm key={category?.id ?? 'new'} variant={variant} category={category} onDone={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}
