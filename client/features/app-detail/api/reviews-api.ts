import { getJson, sendJson } from '@client/lib/api-client';
import type { OwnReview, PublicReview, ReviewMarkResult, ReviewSort, ReviewSummary } from '@shared/schemas/review';

/** What a visitor writes (validated by the server, which strips links and markup first). */
export interface ReviewDraft {
  rating: number;
  title: string;
  text: string;
  name: string;
}

/** Approved reviews of an app. */
export function fetchReviews(appId: number, sort: ReviewSort): Promise<PublicReview[]> {
  return getJson(`/api/apps/${appId}/reviews?sort=${sort}`);
}

/** Average and count of the approved reviews. */
export function fetchReviewSummary(appId: number): Promise<ReviewSummary> {
  return getJson(`/api/apps/${appId}/reviews/summary`);
}

/** This browser's review of the app, whatever its status. */
export async function fetchOwnReview(appId: number): Promise<OwnReview | null> {
  return (await getJson<{ review: OwnReview | null }>(`/api/apps/${appId}/reviews/mine`)).review;
}

/** Writes a review (held for moderation) or replaces this browser's review. */
export function submitReview(appId: number, draft: ReviewDraft, edit: boolean): Promise<{ id: number; status: string }> {
  return edit ? sendJson('PUT', `/api/apps/${appId}/reviews/mine`, draft) : sendJson('POST', `/api/apps/${appId}/reviews`, draft);
}

/** "Was this helpful?": counted once per visitor. */
export function markHelpful(reviewId: number): Promise<ReviewMarkResult> {
  return sendJson('POST', `/api/reviews/${reviewId}/helpful`);
}

/** Reports a review to the curators. */
export function reportReview(reviewId: number): Promise<{ counted: boolean }> {
  return sendJson('POST', `/api/reviews/${reviewId}/report`);
}
