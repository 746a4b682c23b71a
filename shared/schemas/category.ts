import { z } from './zod';

/** A category as the public and admin calls return it. */
export interface Category {
  id: number;
  name: string;
  slug: string;
  description: string;
  isActive: boolean;
  sortOrder: number;
  /** Number of apps in the category (admin: all of them; public list: the listed ones). */
  appCount?: number;
}

/** A non-numeric sortOrder becomes 0 (spec §5). */
const sortOrder = z.preprocess((value) => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : 0;
}, z.number().int().min(0, 'Sort order must be 0 or more').max(1_000_000));

/** The full category manager's form (spec §5 Category form, full manager). */
export const categoryFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name too long'),
  slug: z
    .string()
    .trim()
    .min(1, 'Slug is required')
    .max(100, 'Slug too long')
    .regex(/^[a-z0-9-]+$/, 'Slug must contain only lowercase letters, numbers, and hyphens'),
  description: z.string().trim().max(1000).optional().default(''),
  isActive: z.boolean().optional().default(true),
  sortOrder: sortOrder.optional().default(0),
});
export type CategoryForm = z.input<typeof categoryFormSchema>;

/** The dashboard's Add Category dialog (spec §5 Category form, dashboard dialog). */
export const categoryDialogSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(50, 'Name must be under 50 characters'),
  description: z.string().trim().min(1, 'Description is required').max(200, 'Description must be under 200 characters'),
  isActive: z.boolean().optional().default(true),
});

/** PATCH body: any subset of the form, sortOrder alone included. */
export const categoryPatchSchema = categoryFormSchema.partial();

export const categoryReorderSchema = z.object({
  direction: z.enum(['up', 'down'], { error: 'Direction must be "up" or "down"' }),
});
