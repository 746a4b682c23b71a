import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flag, MessageSquarePlus, Pencil, ThumbsUp } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { SpriteIcon } from '@client/components/icon-sprite';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { formatLongDate } from '@shared/format';
import type { App } from '@shared/schemas/app';
import type { OwnReview, PublicReview, ReviewSort } from '@shared/schemas/review';
import { fetchOwnReview, fetchReviews, fetchReviewSummary, markHelpful, reportReview } from '../api/reviews-api';
import { useReviewedApp } from '../hooks/use-visitor-state';
import { Section } from './app-sections';

const loadDialog = () => import('./review-dialog');
const ReviewDialog = lazy(loadDialog);

/** Five stars, `rating` of them filled, read as "N out of 5 stars". */
export function ReviewStars({ rating, size = 'size-4' }: { rating: number; size?: string }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <SpriteIcon
          key={star}
          name="star"
          className={star <= Math.round(rating) ? `${size} fill-amber-400 text-amber-500` : `${size} text-slate-400`}
        />
      ))}
    </span>
  );
}

/**
 * Reads this browser's own review of the app, which also gives the browser its identity (a cookie)
 * before it writes or votes: without it, the server knows a visitor only by address.
 */
function useEnsureIdentity(appId: number): () => Promise<OwnReview | null> {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ queryKey: [...queryKeys.reviews, appId, 'mine'], queryFn: () => fetchOwnReview(appId) });
}

function ReviewItem({ review }: { review: PublicReview }) {
  const [helpful, setHelpful] = useState<{ count: number; voted: boolean }>({ count: review.helpfulCount, voted: false });
  const [reported, setReported] = useState(false);
  const ensureIdentity = useEnsureIdentity(review.appId);
  const vote = useMutation({
    mutationFn: async () => {
      await ensureIdentity();
      return markHelpful(review.id);
    },
    onSuccess: (result) => setHelpful({ count: result.helpfulCount, voted: true }),
    onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
  });
  const report = useMutation({
    mutationFn: async () => {
      await ensureIdentity();
      return reportReview(review.id);
    },
    onSuccess: () => {
      setReported(true);
      toast({ title: 'Review reported', description: 'A curator will look at it.' });
    },
    onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
  });
  return (
    <li className="rounded-2xl border border-slate-200 bg-slate-50 p-5" data-testid="review">
      <article aria-labelledby={`review-${review.id}`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ReviewStars rating={review.rating} />
          <time className="text-sm text-slate-600" dateTime={review.createdAt}>
            {formatLongDate(review.createdAt)}
          </time>
        </div>
        <h3 id={`review-${review.id}`} className="mt-3 font-semibold text-slate-900">
          {review.title}
        </h3>
        <p className="mt-1 whitespace-pre-line break-words text-slate-800">{review.text}</p>
        <p className="mt-3 text-sm font-semibold text-slate-900">{review.name}</p>
        <div className="mt-4 flex flex-wrap items-center gap-3 text-sm">
          <span className="text-slate-700">Was this helpful?</span>
          <Button
            variant="outline"
            size="sm"
            disabled={helpful.voted || vote.isPending}
            aria-pressed={helpful.voted}
            onClick={() => vote.mutate()}
          >
            <ThumbsUp className="size-4" aria-hidden="true" />
            Yes ({helpful.count})
          </Button>
          <Button variant="ghost" size="sm" disabled={reported || report.isPending} onClick={() => report.mutate()}>
            <Flag className="size-4" aria-hidden="true" />
            {reported ? 'Reported' : 'Report'}
            <span className="sr-only"> the review “{review.title}”</span>
          </Button>
        </div>
      </article>
    </li>
  );
}

function OwnReviewNote({ review }: { review: OwnReview }) {
  const text =
    review.status === 'pending'
      ? 'Your review is waiting for a curator. It will appear here once approved.'
      : review.status === 'rejected'
        ? `Your review was not approved${review.reason ? `: ${review.reason}` : '.'}`
        : 'Your review is published.';
  return (
    <p
      role="status"
      className="rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-brand-950"
      data-testid="own-review-status"
    >
      {text}
    </p>
  );
}

/**
 * User Reviews: reviews written by visitors and approved by a curator (never samples: design
 * deviation 7), their average and count, sorted newest or most helpful; "Write a review" opens the
 * form (its own chunk). The visitor's own review and its state are read once the page runs in the
 * browser, since they belong to this browser's cookie.
 */
export function UserReviews({ app }: { app: App }) {
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [reviewed, markReviewed] = useReviewedApp(app.id);
  const queryClient = useQueryClient();
  const reviews = useQuery({ queryKey: [...queryKeys.reviews, app.id, 'list', sort], queryFn: () => fetchReviews(app.id, sort) });
  const summary = useQuery({ queryKey: [...queryKeys.reviews, app.id, 'summary'], queryFn: () => fetchReviewSummary(app.id) });
  // Only a browser that wrote a review asks for it: the server's HTML cannot know it, and other visitors need no request.
  const own = useQuery({
    queryKey: [...queryKeys.reviews, app.id, 'mine'],
    queryFn: () => fetchOwnReview(app.id),
    enabled: reviewed,
  });
  const mine = own.data ?? null;
  const count = summary.data?.count ?? 0;
  const ensureIdentity = useEnsureIdentity(app.id);
  const prefetch = () => void loadDialog().catch(() => undefined);
  const openDialog = () => {
    // The browser's identity (and any review it wrote before) is fetched while the form opens.
    void ensureIdentity().catch(() => undefined);
    setWanted(true);
    setOpen(true);
  };

  return (
    <Section
      id="user-reviews"
      title="User Reviews"
      intro={`What visitors say about ${app.name}. Every review is read by a curator before it appears.`}
    >
      <div className="flex flex-col gap-5">
        <div className="flex flex-wrap items-center justify-between gap-4">
          {summary.data && summary.data.average !== null && count > 0 ? (
            <p className="flex items-center gap-3" data-testid="review-summary">
              <ReviewStars rating={summary.data.average} size="size-5" />
              <span className="text-lg font-bold text-slate-900">{summary.data.average.toFixed(1)}</span>
              <span className="text-slate-700">
                from {count} review{count === 1 ? '' : 's'}
              </span>
            </p>
          ) : (
            <div data-testid="no-reviews">
              <p className="font-semibold text-slate-900">No reviews yet</p>
              <p className="text-slate-700">Be the first to review {app.name}.</p>
            </div>
          )}
          <div className="flex flex-wrap items-center gap-3">
            {count > 1 ? (
              <label className="flex items-center gap-2 text-sm text-slate-700">
                Sort by
                <select
                  value={sort}
                  onChange={(event) => setSort(event.target.value === 'helpful' ? 'helpful' : 'newest')}
                  className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900"
                >
                  <option value="newest">Newest</option>
                  <option value="helpful">Most helpful</option>
                </select>
              </label>
            ) : null}
            <Button onPointerEnter={prefetch} onFocus={prefetch} onClick={openDialog} variant={mine ? 'outline' : 'default'}>
              {mine ? (
                <Pencil className="size-4" aria-hidden="true" />
              ) : (
                <MessageSquarePlus className="size-4" aria-hidden="true" />
              )}
              {mine ? 'Edit your review' : 'Write a review'}
            </Button>
          </div>
        </div>
        {mine ? <OwnReviewNote review={mine} /> : null}
        {reviews.data && reviews.data.length > 0 ? (
          <ul className="grid gap-4" aria-label={`Reviews of ${app.name}`}>
            {reviews.data.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
        ) : null}
      </div>
      {wanted ? (
        <Suspense fallback={null}>
          <ReviewDialog
            app={app}
            existing={mine}
            ensureIdentity={ensureIdentity}
            open={open}
            setOpen={setOpen}
            onSaved={() => {
              markReviewed();
              void queryClient.invalidateQueries({ queryKey: [...queryKeys.reviews, app.id, 'mine'] });
            }}
          />
        </Suspense>
      ) : null}
    </Section>
  );
}
