import { z } from './zod';
import type { App } from './app';
import { STACK_MAX_APPS, STACK_NOTE_MAX, STACK_TITLE_MAX } from '../browse-paths';

/** Stacks one visitor may create per hour. */
export const STACKS_PER_HOUR = 10;

const title = z
  .string()
  .trim()
  .min(1, 'Title is required')
  .max(STACK_TITLE_MAX, `Title must be at most ${STACK_TITLE_MAX} characters`);
const appIdSchema = z
  .number({ error: 'App id must be a number' })
  .int('App id must be a whole number')
  .positive('App id must be positive')
  .max(2_147_483_647);
const stackApps = z
  .array(
    z.object({
      id: appIdSchema,
      note: z
        .string()
        .trim()
        .max(STACK_NOTE_MAX, `A note must be at most ${STACK_NOTE_MAX} characters`)
        .nullable()
        .optional()
        .transform((value) => (value ? value : null)),
    }),
  )
  .min(1, 'A stack needs at least one app')
  .max(STACK_MAX_APPS, `A stack holds at most ${STACK_MAX_APPS} apps`)
  .refine((items) => new Set(items.map((item) => item.id)).size === items.length, 'An app can be in a stack only once');

/** `POST /api/stacks` */
export const stackCreateSchema = z.object({ title, apps: stackApps, published: z.boolean().optional().default(false) });
export type StackCreateInput = z.output<typeof stackCreateSchema>;

/** `PATCH /api/stacks/{id}`: any of title, apps (the whole new list) and published. */
export const stackPatchSchema = z
  .object({ title: title.optional(), apps: stackApps.optional(), published: z.boolean().optional() })
  .refine((value) => value.title !== undefined || value.apps !== undefined || value.published !== undefined, 'Nothing to change');
export type StackPatchInput = z.output<typeof stackPatchSchema>;

/** A stack id: 128 random bits in base64url (22 characters). */
export const stackIdParamSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid stack id') });

/** The creator's secret, from `Authorization: Bearer {secret}`. */
export const STACK_SECRET_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** One entry of a stack: the app while it is listed, else only the name it had. */
export interface StackEntry {
  appId: number | null;
  name: string;
  note: string | null;
  listed: boolean;
  app: App | null;
}

/** A stack as the API returns it. */
export interface Stack {
  id: string;
  title: string;
  published: boolean;
  apps: StackEntry[];
  url: string;
  createdAt: string;
  updatedAt: string;
}

/** `POST /api/stacks` answers the id, the page URL and the secret (shown once; keep it to edit or delete). */
export interface CreatedStack {
  id: string;
  url: string;
  secret: string;
}

/** `GET /api/marketplace/apps-by-id?ids=1,2,3`: the saved list's apps. */
export const appIdsQuerySchema = z.object({
  ids: z
    .string()
    .trim()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'ids must be up to 100 comma-separated app ids')
    .transform((value) => [...new Set(value.split(',').map(Number))]),
});
