import { z } from './zod';

/** Visitor reviews of an app (issue 24; design deviation 7: real reviews only). */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_NAME_MAX = 60;
export const REVIEW_REASON_MAX = 500;
export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/**
 * `POST /api/apps/{id}/reviews` and `PUT …/reviews/mine` body. The server strips links and markup
 * before this schema sees the text, so the limits hold for what is stored and shown.
 */
export const reviewInputSchema = z.object({
  rating: z
    .number({ error: 'Rating must be a number of stars from 1 to 5' })
    .int('Rating must be a whole number of stars')
    .min(1, 'Rating must be at least 1 star')
    .max(5, 'Rating must be at most 5 stars'),
  title: z
    .string({ error: 'Title must be text' })
    .trim()
    .min(1, 'Title is required')
    .max(REVIEW_TITLE_MAX, `Title must be at most ${REVIEW_TITLE_MAX} characters`),
  text: z
    .string({ error: 'Review must be text' })
    .trim()
    .min(REVIEW_TEXT_MIN, `Review must be at least ${REVIEW_TEXT_MIN} characters`)
    .max(REVIEW_TEXT_MAX, `Review must be at most ${REVIEW_TEXT_MAX.toLocaleString('en-US')} characters`),
  name: z
    .string({ error: 'Name must be text' })
    .trim()
    .min(1, 'Name is required')
    .max(REVIEW_NAME_MAX, `Name must be at most ${REVIEW_NAME_MAX} characters`),
});
export type ReviewInput = z.output<typeof reviewInputSchema>;

/** `GET /api/apps/{id}/reviews?sort=…&limit=…`. */
export const reviewListQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(', ')}` }).default('newest'),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(50),
});

/** `GET /api/admin/reviews?status=…`. */
export const reviewAdminListQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: `status must be one of ${REVIEW_STATUSES.join(', ')}` }).optional(),
});

const moderation = {
  status: z.enum(['approved', 'rejected'], { error: 'status must be approved or rejected' }),
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(REVIEW_REASON_MAX, `Reason must be at most ${REVIEW_REASON_MAX} characters`)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
};

/** `PATCH /api/admin/reviews/{id}` body. */
export const reviewModerationSchema = z.object(moderation);

/** `POST /api/admin/reviews/bulk` body. */
export const reviewBulkSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: 'ids must be a list of review ids' })
    .min(1, 'Select at least one review')
    .max(1000, 'At most 1,000 reviews at once'),
  ...moderation,
});

/** A review as visitors see it (approved ones only). */
export interface PublicReview {
  id: number;
  appId: number;
  rating: number;
  title: string;
  text: string;
  name: string;
  helpfulCount: number;
  createdAt: string;
}

/** The approved reviews' average (1–5, one decimal) and count; average null with none. */
export interface ReviewSummary {
  average: number | null;
  count: number;
}

/** The visitor's own review of an app, whatever its status. */
export interface OwnReview extends PublicReview {
  status: ReviewStatus;
  reason: string | null;
}

/** Why a review is shown to the moderator with a warning, and what makes it suspicious. */
export interface ReviewFlag {
  kind: 'near_duplicate' | 'burst' | 'reported';
  message: string;
  evidence: Record<string, unknown>;
}

/** A review as the admin queue lists it. */
export interface AdminReview {
  id: number;
  appId: number;
  appName: string;
  rating: number;
  title: string;
  text: string;
  name: string;
  status: ReviewStatus;
  reason: string | null;
  flags: ReviewFlag[];
  helpfulCount: number;
  reportCount: number;
  createdAt: string;
  updatedAt: string;
}

/** `POST /api/reviews/{id}/helpful` and `/report`: the mark counted once per visitor. */
export interface ReviewMarkResult {
  counted: boolean;
  helpfulCount: number;
}
