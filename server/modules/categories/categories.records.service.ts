import type { CategoryInsert, CategoryRow } from '../../db/catalogue';
import type { Db } from '../../db/database';
import { CategoriesAdminRepository } from './categories.admin.repository';

/**
 * What the apps module reads and adds of category records when it files apps (the admin editor, the
 * import). Through here, not the categories repositories, which stay this module's own (decision 0023).
 */
export class CategoryRecordsService {
  private readonly repository: CategoriesAdminRepository;

  constructor(db: Db) {
    this.repository = new CategoriesAdminRepository(db);
  }

  /** A category by its exact name. */
  findByName(name: string): Promise<CategoryRow | undefined> {
    return this.repository.findByName(name);
  }

  /** A category by its slug. */
  findBySlug(slug: string): Promise<CategoryRow | undefined> {
    return this.repository.findBySlug(slug);
  }

  /** Every category's id, name, slug and place. */
  names(): Promise<Pick<CategoryRow, 'id' | 'name' | 'slug' | 'sortOrder'>[]> {
    return this.repository.names();
  }

  /** Removes those of `ids` that hold no app (what an import that failed had created); the ids removed. */
  deleteEmpty(ids: number[]): Promise<number[]> {
    return this.repository.deleteEmpty(ids);
  }

  /** Adds a category unless its name or slug is taken; its id, or undefined when it was not added. */
  insertIfAbsent(values: CategoryInsert): Promise<number | undefined> {
    return this.repository.insertIfAbsent(values);
  }
}
