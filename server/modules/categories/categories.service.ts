import type { Category } from '../../../shared/schemas/category';
import type { Db } from '../../db/database';
import { presentCategory } from './categories.presenter';
import { CategoriesRepository } from './categories.repository';

/** The public side of categories: what the marketplace lists. */
export class CategoriesService {
  private readonly repository: CategoriesRepository;

  constructor(db: Db) {
    this.repository = new CategoriesRepository(db);
  }

  /** Active categories by sort order, "All" included. */
  async listActive(): Promise<Category[]> {
    return (await this.repository.listActive()).map((row) => presentCategory(row));
  }
}
