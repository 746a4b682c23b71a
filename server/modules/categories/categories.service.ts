import type { Category } from '../../../shared/schemas/category';
import { ALL_CATEGORY_NAME } from '../../../shared/constants';
import type { Db } from '../../db/database';
import { AppsRepository } from '../apps/apps.repository';
import { presentCategory } from './categories.presenter';
import { CategoriesRepository } from './categories.repository';

/** The public side of categories: what the marketplace lists. */
export class CategoriesService {
  private readonly repository: CategoriesRepository;
  private readonly apps: AppsRepository;

  constructor(db: Db) {
    this.repository = new CategoriesRepository(db);
    this.apps = new AppsRepository(db);
  }

  /**
   * Active categories by sort order, "All" included, each with its count of listed apps ("All": every
   * one), so that empty categories are offered nowhere.
   */
  async listActive(): Promise<Category[]> {
    const [rows, counts] = await Promise.all([this.repository.listActive(), this.apps.countListedByCategory()]);
    const everything = [...counts.values()].reduce((sum, count) => sum + count, 0);
    return rows.map((row) => presentCategory(row, row.name.toLowerCase() === ALL_CATEGORY_NAME.toLowerCase() ? everything : (counts.get(row.id) ?? 0)));
  }
}
