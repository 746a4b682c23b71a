import type { Category } from '@shared/schemas/category';
import type { CategoryRow } from '../../db/catalogue';

/** The Category shape of the API (spec §3 Category). */
export function presentCategory(row: CategoryRow, appCount?: number): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
    ...(appCount === undefined ? {} : { appCount }),
  };
}
