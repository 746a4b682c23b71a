import { AlertTriangle, Star } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api-client';
import { REVIEW_REASON_MAX, REVIEW_STATUSES, type AdminReview, type ReviewStatus } from '@shared/schemas/review';
import { useAdminReviews, useModerateReviews } from '../api/admin-reviews-api';

const STATUS_LABELS: Record<ReviewStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

function Flags({ review }: { review: AdminReview }) {
  if (review.flags.length === 0) return null;
  return (
    <ul className="mt-2 grid gap-1" aria-label="Flags">
      {review.flags.map((flag) => (
        <li
          key={flag.kind}
          className="flex items-start gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-950"
          data-testid="review-flag"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">{flag.message}</p>
            <p className="break-all font-mono text-xs">{JSON.stringify(flag.evidence)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * Admin → Reviews: visitors' reviews by status, flagged ones first; approve, or reject with a
 * reason the author sees, one by one or for a selection.
 */
export function ReviewsView() {
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [bulkReason, setBulkReason] = useState('');
  const reviews = useAdminReviews(status);
  const moderate = useModerateReviews();
  const decide = (ids: number[], next: 'approved' | 'rejected', reason?: string) =>
    moderate.mutate(
      { ids, status: next, ...(reason ? { reason } : {}) },
      {
        onSuccess: ({ updated }) => {
          setSelected(new Set());
          toast({ title: `${updated} review${updated === 1 ? '' : 's'} ${next}` });
        },
        onError: (error) => toast({ title: 'Moderation failed', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="grid gap-6">
      <p className="text-slate-600">
        Visitors' reviews wait here until a curator approves them; only approved reviews appear and count.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Filter reviews by status" className="flex gap-2">
          {REVIEW_STATUSES.map((value) => (
            <Button
              key={value}
              size="sm"
              variant={status === value ? 'default' : 'outline'}
              aria-pressed={status === value}
              onClick={() => {
                setStatus(value);
                setSelected(new Set());
              }}
            >
              {STATUS_LABELS[value]}
            </Button>
          ))}
        </div>
        {selected.size > 0 ? (
          <div className="ml-auto flex flex-wrap items-center gap-2">
            {status !== 'approved' ? (
              <Button size="sm" onClick={() => decide([...selected], 'approved')} disabled={moderate.isPending}>
                Approve selected ({selected.size})
              </Button>
            ) : null}
            {status !== 'rejected' ? (
              <>
                <Input
                  aria-label="Reason for rejecting the selected reviews"
                  placeholder="Reason (optional)"
                  value={bulkReason}
                  maxLength={REVIEW_REASON_MAX}
                  onChange={(event) => setBulkReason(event.target.value)}
                  className="h-9 w-56"
                />
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => decide([...selected], 'rejected', bulkReason.trim())}
                  disabled={moderate.isPending}
                >
                  Reject selected
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      {reviews.isPending ? (
        <Spinner label="Loading reviews..." />
      ) : reviews.isError ? (
        <p role="alert" className="text-red-800">
          {errorMessage(reviews.error)}
        </p>
      ) : reviews.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">No {status} reviews.</p>
      ) : (
        <ul className="grid gap-3" aria-label={`${STATUS_LABELS[status]} reviews`}>
          {reviews.data.map((review) => (
            <li key={review.id} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="admin-review">
              <input
                type="checkbox"
                className="mt-1 size-4"
                aria-label={`Select the review “${review.title}”`}
                checked={selected.has(review.id)}
                onChange={() => toggle(review.id)}
              />
              <div className="min-w-0 flex-1">
                <p className="text-sm text-slate-600">
                  {review.appName} <span>#{review.appId}</span> ·{' '}
                  {new Date(review.createdAt).toLocaleString('en-US', { timeZone: 'UTC' })} UTC
                </p>
                <h3 className="mt-1 flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  <span className="inline-flex items-center gap-1 text-amber-700" aria-label={`${review.rating} out of 5 stars`}>
                    <Star className="size-4 fill-amber-400" aria-hidden="true" />
                    {review.rating}
                  </span>
                  {review.title}
                </h3>
                <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{review.text}</p>
                <p className="mt-1 text-sm font-medium text-slate-900">{review.name}</p>
                {review.reason ? <p className="mt-1 text-sm text-slate-700">Reason: {review.reason}</p> : null}
                <Flags review={review} />
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  {review.status !== 'approved' ? (
                    <Button size="sm" onClick={() => decide([review.id], 'approved')} disabled={moderate.isPending}>
                      Approve<span className="sr-only"> “{review.title}”</span>
                    </Button>
                  ) : null}
                  {review.status !== 'rejected' ? (
                    <>
                      <Input
                        aria-label={`Reason for rejecting “${review.title}”`}
                        placeholder="Reason (optional)"
                        value={reasons[review.id] ?? ''}
                        maxLength={REVIEW_REASON_MAX}
                        onChange={(event) => setReasons((current) => ({ ...current, [review.id]: event.target.value }))}
                        className="h-9 w-56"
                      />
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => decide([review.id], 'rejected', reasons[review.id]?.trim())}
                        disabled={moderate.isPending}
                      >
                        Reject<span className="sr-only"> “{review.title}”</span>
                      </Button>
                    </>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
