import type { Category } from './category';

/**
 * Admin category calls (spec §7). Bodies use the schemas of `category.ts`:
 * - `POST /api/admin/categories`: `categoryFormSchema` (full manager, with slug), or the dashboard
 *   dialog's `categoryDialogSchema` (no slug: it is generated from the name with `categorySlugFromName`).
 *   Without sortOrder the category goes last. → 201 `Category`.
 * - `PATCH /api/admin/categories/:id`: `categoryPatchSchema`; only the fields sent change. → `Category`.
 * - `DELETE /api/admin/categories/:id` → 204; 409 while it still has apps; "All" cannot be deleted.
 * - `PATCH /api/admin/categories/:id/reorder`: `categoryReorderSchema` → the whole list, as `GET` returns it.
 * - Duplicate slug or name → 409.
 */
export type AdminCategory = Category & { appCount: number };
export type AdminCategoryList = AdminCategory[];
