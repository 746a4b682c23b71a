import type { Category } from '@shared/schemas/category';
import { ALL_CATEGORY_NAME } from '@shared/constants';
import type { CategoryRow } from '../../db/catalogue';
import type { Db } from '../../db/database';
import { presentCategory } from './categories.presenter';
import { CategoriesRepository } from './categories.repository';

/** The public side of categories: what the marketplace lists. */
export class CategoriesService {
  private readonly repository: CategoriesRepository;

  constructor(db: Db) {
    this.repository = new CategoriesRepository(db);
  }

  /**
   * Active categories by sort order, "All" included, each with its count of listed apps ("All": every
   * one), so that empty categories are offered nowhere.
   */
  async listActive(): Promise<Category[]> {
    const [rows, counts] = await Promise.all([this.repository.listActive(), this.repository.countListedByCategory()]);
    const everything = [...counts.values()].reduce((sum, count) => sum + count, 0);
    return rows.map((row) =>
      presentCategory(row, row.name.toLowerCase() === ALL_CATEGORY_NAME.toLowerCase() ? everything : (counts.get(row.id) ?? 0)),
    );
  }

  /** The active categories' rows by sort order, "All" included. */
  activeRows(): Promise<CategoryRow[]> {
    return this.repository.listActive();
  }

  /** An active or inactive category by its slug or its name (any case). */
  findBySlugOrName(value: string): Promise<CategoryRow | undefined> {
    return this.repository.findBySlugOrName(value);
  }

  /** Listed apps per category id: which categories have anything to show. */
  countListedByCategory(): Promise<Map<number, number>> {
    return this.repository.countListedByCategory();
  }
}
