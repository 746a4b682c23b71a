import {
  ArrowDown,
  ArrowUp,
  FolderTree,
  LayoutGrid,
  List,
  Pencil,
  Plus,
  Search,
  Star,
  Tags,
  ToggleRight,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { ALL_CATEGORY_NAME } from '@shared/constants';
import { formatNumber } from '@shared/format';
import type { Category } from '@shared/schemas/category';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { Input, Label } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tooltip } from '@client/components/ui/tooltip';
import { errorMessage } from '@client/lib/api-client';
import { useAdminCategories } from '@client/lib/admin-categories';
import { useDeleteCategory, useReorderCategory } from '../api/admin-categories';
import { categoryCounts } from '../lib/category-counts';
import { CategoryDialog } from './category-dialog';
import { LoadError } from '@client/components/ui/load-error';
import { StatCard, StatCardSkeletons } from '@client/components/ui/stat-card';
import { countOf } from '@shared/pluralize';

function matches(category: Category, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [category.name, category.slug, category.description].some((value) => value.toLowerCase().includes(needle));
}

/** "All" always comes first: the server refuses to move it or to delete it, so neither is offered. */
const isAllCategory = (category: Pick<Category, 'name'>) => category.name.toLowerCase() === ALL_CATEGORY_NAME.toLowerCase();

/** Arrows by the category's place among the movable ones (all but "All"), the order the server swaps in; none for "All". */
function MoveButtons({
  category,
  index,
  count,
  onMove,
  disabled,
}: {
  category: Category;
  index: number;
  count: number;
  onMove: (direction: 'up' | 'down') => void;
  disabled: boolean;
}) {
  if (index < 0) return null;
  return (
    <>
      <Tooltip content="Move up">
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={`Move ${category.name} up`}
          disabled={disabled || index === 0}
          onClick={() => onMove('up')}
        >
          <ArrowUp className="size-4" aria-hidden="true" />
        </Button>
      </Tooltip>
      <Tooltip content="Move down">
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={`Move ${category.name} down`}
          disabled={disabled || index === count - 1}
          onClick={() => onMove('down')}
        >
          <ArrowDown className="size-4" aria-hidden="true" />
        </Button>
      </Tooltip>
    </>
  );
}

/**
 * Categories (spec §2 Admin Categories): stat cards, a searchable grid with edit and move up/down,
 * the Add Category dialog, and the full manager (sort order, active badge, edit, delete).
 */
export function CategoriesView() {
  const categories = useAdminCategories();
  const reorder = useReorderCategory();
  const deleteCategory = useDeleteCategory();
  const [search, setSearch] = useState('');
  const [mode, setMode] = useState<'grid' | 'manager'>('grid');
  const [dialog, setDialog] = useState<{ category: Category | null } | null>(null);
  const [managerForm, setManagerForm] = useState<{ category: Category | null } | null>(null);
  const [toDelete, setToDelete] = useState<Category | null>(null);

  if (categories.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <p className="sr-only" role="status">
          Loading categories...
        </p>
        <StatCardSkeletons />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (categories.isError) {
    return (
      <LoadError
        message={`Unable to load categories: ${errorMessage(categories.error)}`}
        onRetry={() => void categories.refetch()}
      />
    );
  }

  const all = categories.data;
  const counts = categoryCounts(all);
  const shown = all.filter((category) => matches(category, search));
  const move = (category: Category, direction: 'up' | 'down') =>
    reorder.mutate({ id: category.id, direction, name: category.name });
  const movable = all.filter((category) => !isAllCategory(category));

  return (
    <div className="grid gap-6">
      <section aria-label="Category numbers" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Categories" value={formatNumber(counts.total)} icon={FolderTree} />
        <StatCard
          label="Active Categories"
          value={formatNumber(counts.active)}
          hint={`${formatNumber(counts.total - counts.active)} inactive`}
          icon={ToggleRight}
        />
        <StatCard label="Apps Categorized" value={formatNumber(counts.appsCategorized)} icon={Tags} />
        <StatCard label="Most Popular" value={counts.mostPopular ?? '—'} icon={Star} />
      </section>

      <Card className="flex flex-col gap-3 p-4 md:flex-row md:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="category-search">Search categories</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              id="category-search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Name, slug or description"
              className="pl-9"
            />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <div role="group" aria-label="Layout" className="flex rounded-md border border-slate-300 p-0.5">
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={mode === 'grid'}
              className="aria-pressed:bg-slate-100"
              onClick={() => setMode('grid')}
            >
              <LayoutGrid className="size-4" aria-hidden="true" />
              Grid
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={mode === 'manager'}
              className="aria-pressed:bg-slate-100"
              onClick={() => setMode('manager')}
            >
              <List className="size-4" aria-hidden="true" />
              Full Manager
            </Button>
          </div>
          <Button onClick={() => (mode === 'grid' ? setDialog({ category: null }) : setManagerForm({ category: null }))}>
            <Plus className="size-4" aria-hidden="true" />
            Add Category
          </Button>
        </div>
      </Card>

      {shown.length === 0 ? (
        <Card className="p-8 text-center text-sm text-slate-600">
          {all.length === 0 ? 'No categories yet. Add the first one.' : 'No categories match your search.'}
        </Card>
      ) : mode === 'grid' ? (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Categories">
          {shown.map((category) => {
            const index = movable.indexOf(category);
            return (
              <li key={category.id} className="grid">
                <Card className="flex flex-col gap-2 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="truncate text-base font-semibold text-slate-900">{category.name}</h3>
                    {category.isActive ? null : <Badge variant="outline">Inactive</Badge>}
                  </div>
                  <p className="line-clamp-2 min-h-10 text-sm text-slate-700">{category.description || 'No description.'}</p>
                  <p className="text-xs text-slate-600">
                    Slug: <code className="rounded bg-slate-100 px-1 py-0.5 text-slate-800">{category.slug}</code>
                  </p>
                  <div className="mt-auto flex items-center justify-between border-t border-slate-100 pt-2">
                    <span className="text-sm font-medium tabular-nums text-slate-800">
                      {formatNumber(category.appCount ?? 0)} {(category.appCount ?? 0) === 1 ? 'app' : 'apps'}
                    </span>
                    <div className="flex items-center">
                      <EditCategoryButton name={category.name} onClick={() => setDialog({ category })} />
                      <MoveButtons
                        category={category}
                        index={index}
                        count={movable.length}
                        onMove={(direction) => move(category, direction)}
                        disabled={reorder.isPending}
                      />
                    </div>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-sm">
            <caption className="sr-only">All categories in their display order</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Order
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Name
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Slug
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Status
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Apps
                </th>
                <th scope="col" className="px-4 py-2.5 text-right font-medium">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((category) => {
                const index = movable.indexOf(category);
                return (
                  <tr key={category.id} className="border-b border-slate-100 last:border-0">
                    <td className="px-4 py-2 tabular-nums text-slate-700">{category.sortOrder}</td>
                    <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                      {category.name}
                      {category.description ? (
                        <span className="block max-w-xs truncate text-xs font-normal text-slate-600">{category.description}</span>
                      ) : null}
                    </th>
                    <td className="px-4 py-2">
                      <code className="rounded bg-slate-100 px-1 py-0.5 text-slate-800">{category.slug}</code>
                    </td>
                    <td className="px-4 py-2">
                      {category.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="outline">Inactive</Badge>}
                    </td>
                    <td className="px-4 py-2 tabular-nums">{formatNumber(category.appCount ?? 0)}</td>
                    <td className="px-4 py-2">
                      <div className="flex justify-end">
                        <MoveButtons
                          category={category}
                          index={index}
                          count={movable.length}
                          onMove={(direction) => move(category, direction)}
                          disabled={reorder.isPending}
                        />
                        <EditCategoryButton name={category.name} onClick={() => setManagerForm({ category })} />
                        {isAllCategory(category) ? null : (
                          <Tooltip content="Delete">
                            <Button
                              variant="ghost"
                              size="icon"
                              className="size-9 text-red-700 hover:bg-red-50"
                              aria-label={`Delete ${category.name}`}
                              onClick={() => setToDelete(category)}
                            >
                              <Trash2 className="size-4" aria-hidden="true" />
                            </Button>
                          </Tooltip>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Card>
      )}

      <CategoryDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        category={dialog?.category ?? null}
      />
      <CategoryDialog
        variant="full"
        open={managerForm !== null}
        onOpenChange={(open) => !open && setManagerForm(null)}
        category={managerForm?.category ?? null}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={`Delete ${toDelete?.name ?? 'category'}?`}
        description={
          toDelete && (toDelete.appCount ?? 0) > 0
            ? `${toDelete.name} still holds ${countOf(toDelete.appCount ?? 0, 'app')}; move or delete them first, or the deletion will be refused.`
            : 'This category will be permanently deleted. This cannot be undone.'
        }
        confirmLabel="Delete Category"
        onConfirm={() => toDelete && deleteCategory.mutate({ id: toDelete.id, name: toDelete.name })}
      />
    </div>
  );
}

/** The pencil button that opens a category's form, in the cards and in the manager's table alike. */
function EditCategoryButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Tooltip content="Edit">
      <Button variant="ghost" size="icon" className="size-9" aria-label={`Edit ${name}`} onClick={onClick}>
        <Pencil className="size-4" aria-hidden="true" />
      </Button>
    </Tooltip>
  );
}
