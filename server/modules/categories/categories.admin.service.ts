import { ALL_CATEGORY_NAME } from '@shared/constants';
import type { AdminCategory } from '@shared/schemas/admin-category';
import type { z } from 'zod';
import type { categoryDialogSchema, categoryFormSchema, categoryPatchSchema } from '@shared/schemas/category';
import { categorySlugFromName } from '@shared/slug';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { presentCategory } from './categories.presenter';
import { CategoriesAdminRepository } from './categories.admin.repository';
import type { CategoryInsert } from '../../db/catalogue';
import type { CategoryRow } from '../../db/catalogue';

const isAll = (row: Pick<CategoryRow, 'name'>) => row.name.toLowerCase() === ALL_CATEGORY_NAME.toLowerCase();

/** A new category: the manager's full form, or the dashboard dialog (slug and order follow from the name and the list). */
export type CategoryCreateInput = (
  { form: z.output<typeof categoryFormSchema> } | { dialog: z.output<typeof categoryDialogSchema> }
) & { sortOrderSent: boolean };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Category management rules: unique slugs and names, "All" protected, no deletion while apps remain. */
export class CategoriesAdminService {
  private readonly repository: CategoriesAdminRepository;

  constructor(private readonly ctx: AppContext) {
    this.repository = new CategoriesAdminRepository(ctx.db);
  }

  /** Every category with its app count, by sort order. */
  async list(): Promise<AdminCategory[]> {
    return (await this.repository.listWithAppCounts()).map((row) => ({ ...presentCategory(row), appCount: row.appCount }));
  }

  /**
   * Creates a category from the full manager's form, or from the dashboard dialog (no slug: one is
   * generated from the name). Without a sortOrder it goes last.
   * @throws 400 invalid input, 409 slug or name taken.
   */
  async create(input: CategoryCreateInput): Promise<AdminCategory> {
    let values: CategoryInsert;
    if ('form' in input) {
      values = { ...input.form };
    } else {
      const { dialog } = input;
      const slug = categorySlugFromName(dialog.name);
      if (!slug)
        throw new AppError('validation_failed', 'Name must contain at least one letter or digit', {
          fields: { name: ['Name must contain at least one letter or digit'] },
        });
      values = { ...dialog, slug };
    }
    if (!input.sortOrderSent) values.sortOrder = (await this.repository.maxSortOrder()) + 1;
    await this.assertFree(values.slug, values.name);
    let row: CategoryRow;
    try {
      row = await this.repository.insert(values);
    } catch (error) {
      throw this.translateConflict(error, values);
    }
    row = (await this.normalizeSortOrders(row.id)) ?? row;
    await this.ctx.changes.publish('categories.changed', {});
    return { ...presentCategory(row), appCount: 0 };
  }

  /**
   * Changes the fields sent (sortOrder alone included). "All" keeps its name, slug and activity.
   * @throws 400 invalid input, 404 unknown id, 409 slug or name taken.
   */
  async update(id: number, patch: Partial<z.output<typeof categoryPatchSchema>>): Promise<AdminCategory> {
    const changes: Partial<CategoryInsert> = { ...patch };
    const current = await this.repository.findById(id);
    if (!current) throw notFound('Category not found');
    if (isAll(current)) {
      if (
        (changes.name !== undefined && changes.name !== current.name) ||
        (changes.slug !== undefined && changes.slug !== current.slug)
      ) {
        throw conflict(`The "${ALL_CATEGORY_NAME}" category cannot be renamed`);
      }
      if (changes.isActive === false) throw conflict(`The "${ALL_CATEGORY_NAME}" category cannot be deactivated`);
    }
    await this.assertFree(changes.slug, changes.name, id);
    let row: CategoryRow | undefined = current;
    if (Object.keys(changes).length > 0) {
      try {
        row = await this.repository.update(id, changes);
      } catch (error) {
        throw this.translateConflict(error, changes);
      }
      if (!row) throw notFound('Category not found');
      if (changes.sortOrder !== undefined) row = (await this.normalizeSortOrders(id)) ?? row;
      await this.ctx.changes.publish('categories.changed', {});
    }
    return { ...presentCategory(row), appCount: await this.repository.countApps(id) };
  }

  /**
   * Deletes an empty category.
   * @throws 404 unknown id, 409 for "All" or while the category still has apps.
   */
  async delete(id: number): Promise<void> {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('Category not found');
    if (isAll(current)) throw conflict(`The "${ALL_CATEGORY_NAME}" category cannot be deleted`);
    const count = await this.repository.countApps(id);
    if (count > 0) throw this.stillHasApps(current.name, count);
    try {
      await this.repository.delete(id);
    } catch (error) {
      // An app was added between the count and the delete: the foreign key refuses.
      if (isForeignKeyViolation(error)) throw this.stillHasApps(current.name, await this.repository.countApps(id));
      throw error;
    }
    await this.ctx.changes.publish('categories.changed', {});
  }

  /**
   * Swaps the category's sortOrder with its neighbour above or below. "All" stays first. Equal sort
   * orders are first renumbered by the current order, so a swap always moves the category.
   * @throws 400 bad direction or nothing to swap with, 404 unknown id.
   */
  async reorder(id: number, direction: 'up' | 'down'): Promise<AdminCategory[]> {
    const list = (await this.repository.listWithAppCounts()).filter((row) => !isAll(row));
    const index = list.findIndex((row) => row.id === id);
    if (index < 0) {
      if (await this.repository.findById(id)) throw badRequest(`The "${ALL_CATEGORY_NAME}" category always comes first`);
      throw notFound('Category not found');
    }
    const neighbourIndex = direction === 'up' ? index - 1 : index + 1;
    const row = list[index];
    const neighbour = list[neighbourIndex];
    if (!row || !neighbour)
      throw badRequest(direction === 'up' ? 'This category is already first' : 'This category is already last');
    const orders = new Map(list.map((entry) => [entry.id, entry.sortOrder]));
    if (row.sortOrder === neighbour.sortOrder) {
      const base = Math.min(...list.map((entry) => entry.sortOrder));
      list.forEach((entry, position) => orders.set(entry.id, Math.max(1, base) + position));
    }
    const rowOrder = orders.get(row.id) ?? row.sortOrder;
    orders.set(row.id, orders.get(neighbour.id) ?? neighbour.sortOrder);
    orders.set(neighbour.id, rowOrder);
    const changed = list
      .filter((entry) => orders.get(entry.id) !== entry.sortOrder)
      .map((entry) => ({ id: entry.id, sortOrder: orders.get(entry.id) ?? entry.sortOrder }));
    await this.repository.setSortOrders(changed);
    await this.ctx.changes.publish('categories.changed', {});
    return this.list();
  }

  /**
   * Keeps sort orders distinct and in display order ("All" first): the category just written keeps the number asked
   * for and wins a tie; a category that would share or fall below its predecessor's number moves to the next free
   * one. Numbers that do not collide stay as the curator typed them. Without this, equal orders make the reorder
   * arrows and the list disagree.
   * @returns the row of `writtenId` with its final sort order.
   */
  private async normalizeSortOrders(writtenId: number): Promise<CategoryRow | undefined> {
    const rows = await this.repository.listWithAppCounts();
    const ordered = [...rows].sort(
      (a, b) =>
        Number(isAll(b)) - Number(isAll(a)) ||
        a.sortOrder - b.sortOrder ||
        Number(b.id === writtenId) - Number(a.id === writtenId) ||
        a.id - b.id,
    );
    const changed: { id: number; sortOrder: number }[] = [];
    let previous = Number.NEGATIVE_INFINITY;
    for (const row of ordered) {
      const sortOrder = Math.max(row.sortOrder, previous + 1);
      if (sortOrder !== row.sortOrder) changed.push({ id: row.id, sortOrder });
      previous = sortOrder;
    }
    if (changed.length > 0) await this.repository.setSortOrders(changed);
    const written = rows.find((row) => row.id === writtenId);
    const moved = changed.find((entry) => entry.id === writtenId);
    return written && moved ? { ...written, sortOrder: moved.sortOrder } : written;
  }

  private stillHasApps(name: string, count: number): AppError {
    return conflict(
      `Cannot delete "${name}": it still has ${plural(count, 'app')}. Move or delete ${count === 1 ? 'it' : 'them'} first.`,
    );
  }

  private async assertFree(slug: string | undefined, name: string | undefined, exceptId?: number): Promise<void> {
    if (slug !== undefined) {
      const owner = await this.repository.findBySlug(slug);
      if (owner && owner.id !== exceptId)
        throw conflict(`A category with the slug "${slug}" already exists`, { fields: { slug: ['Slug already in use'] } });
    }
    if (name !== undefined) {
      const owner = await this.repository.findByName(name);
      if (owner && owner.id !== exceptId)
        throw conflict(`A category named "${name}" already exists`, { fields: { name: ['Name already in use'] } });
    }
  }

  private translateConflict(error: unknown, values: Partial<CategoryInsert>): unknown {
    if (isUniqueViolation(error, 'categories_slug_key'))
      return conflict(`A category with the slug "${values.slug}" already exists`);
    if (isUniqueViolation(error)) return conflict(`A category named "${values.name}" already exists`);
    return error;
  }
}
