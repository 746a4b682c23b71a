import type { AppInsert, AppWithCategory } from '../../db/catalogue';
import type { Db } from '../../db/database';
import { AppsAdminRepository } from './apps.admin.repository';
import { AppsRepository } from './apps.repository';

/**
 * What other modules read and change of app records, by id or slug. They come here rather than to the apps
 * repositories, which stay the apps module's own (decision 0023); a caller inside a transaction passes its `tx`.
 */
export class AppRecordsService {
  private readonly apps: AppsRepository;

  constructor(private readonly db: Db) {
    this.apps = new AppsRepository(db);
  }

  /** An app of any status with its category. */
  findById(id: number): Promise<AppWithCategory | undefined> {
    return this.apps.findById(id);
  }

  /** Apps of any status with their categories, in no particular order. */
  findByIds(ids: number[]): Promise<AppWithCategory[]> {
    return this.apps.findByIds(ids);
  }

  /** A public app (published, in an active category). */
  findPublicById(id: number): Promise<AppWithCategory | undefined> {
    return this.apps.findPublicById(id);
  }

  /** A public app by its page's slugs. */
  findPublicBySlug(categorySlug: string, nameSlug: string): Promise<AppWithCategory | undefined> {
    return this.apps.findPublicBySlug(categorySlug, nameSlug);
  }

  /** The public app a former slug pointed to. */
  findRedirect(categorySlug: string, nameSlug: string): Promise<AppWithCategory | undefined> {
    return this.apps.findRedirect(categorySlug, nameSlug);
  }

  /** The public app that an app merged away (by id) was folded into. */
  findIdRedirect(fromId: number): Promise<AppWithCategory | undefined> {
    return this.apps.findIdRedirect(fromId);
  }

  /** Every listed app (public, not defunct), by id. */
  allPublic(): Promise<AppWithCategory[]> {
    return this.apps.allPublic();
  }

  /** The ids of the categories that hold a public app. */
  allPublicCategoryIds(): Promise<number[]> {
    return this.apps.allPublicCategoryIds();
  }

  /** Changes an app's columns; the caller publishes the change. */
  async update(id: number, values: Partial<AppInsert>): Promise<void> {
    await new AppsAdminRepository(this.db).update(id, values);
  }
}
