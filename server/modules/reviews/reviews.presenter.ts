import type { AdminReview, OwnReview, PublicReview, ReviewFlag } from '@shared/schemas/review';
import type { ReviewRow } from './reviews.repository';

/** A review as visitors see it. */
export function presentReview(row: ReviewRow): PublicReview {
  return {
    id: row.id,
    appId: row.appId,
    rating: row.rating,
    title: row.title,
    text: row.text,
    name: row.name,
    helpfulCount: row.helpfulCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The visitor's own review, with its moderation state. */
export function presentOwnReview(row: ReviewRow): OwnReview {
  return { ...presentReview(row), status: row.status, reason: row.reason };
}

/** A review in the admin queue. */
export function presentAdminReview(row: ReviewRow, appName: string): AdminReview {
  return {
    id: row.id,
    appId: row.appId,
    appName,
    rating: row.rating,
    title: row.title,
    text: row.text,
    name: row.name,
    status: row.status,
    reason: row.reason,
    flags: row.flags as ReviewFlag[],
    helpfulCount: row.helpfulCount,
    reportCount: row.reportCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The average rounded to one decimal, as the page and the APIs show it. */
export function roundAverage(average: number | null): number | null {
  return average === null ? null : Math.round(average * 10) / 10;
}
