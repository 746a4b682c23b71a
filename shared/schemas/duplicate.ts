import { z } from './zod';

/** One advisory duplicate flag: `appId` looks like a duplicate of the older `duplicateOf`. */
export interface DuplicateCandidate {
  appId: number;
  duplicateOf: number;
  /** Human evidence lines: "same site as #123", "name 94 % similar to #456". */
  evidence: string[];
  name: string;
  duplicateOfName: string;
}

/** `POST /api/admin/apps/{id}/merge {into}`: keep `into`, fold `id` into it. */
export const mergeSchema = z.object({
  into: z
    .number({ error: 'into must be the id of the app to keep' })
    .int('into must be a whole number')
    .positive('into must be a positive id'),
});

/** `POST /api/admin/apps/{id}/merge` answer. */
export interface MergeResult {
  kept: number;
  merged: number;
  moved: { views: number; saves: number; tags: number; reports: number };
}

/** `POST /api/admin/duplicates/dismiss {appId, duplicateOf}`: "Not a duplicate", kept for good. */
export const dismissDuplicateSchema = z.object({
  appId: z
    .number({ error: 'appId must be an app id' })
    .int('appId must be a whole number')
    .positive('appId must be a positive id'),
  duplicateOf: z
    .number({ error: 'duplicateOf must be an app id' })
    .int('duplicateOf must be a whole number')
    .positive('duplicateOf must be a positive id'),
});
