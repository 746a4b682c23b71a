import { useMutation } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@client/components/ui/dialog';
import { Input, Label, Textarea } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api-client';
import type { App } from '@shared/schemas/app';
import { REVIEW_NAME_MAX, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, REVIEW_TITLE_MAX, type OwnReview } from '@shared/schemas/review';
import { submitReview } from '../api/reviews-api';
import { DialogFormFooter } from './dialog-form-footer';

/**
 * The review form of the app page: stars, a title, the review and a display name, sent without an
 * account and held for a curator. Editing replaces this browser's review (it is read by a curator
 * again). Loaded with the first click on "Write a review".
 */
export default function ReviewDialog({
  app,
  existing,
  ensureIdentity,
  open,
  setOpen,
  onSaved,
}: {
  app: App;
  existing: OwnReview | null;
  /** Resolves once the browser has its identity, with the review it already wrote, if any. */
  ensureIdentity: () => Promise<OwnReview | null>;
  open: boolean;
  setOpen: (open: boolean) => void;
  onSaved: () => void;
}) {
  const [rating, setRating] = useState<number>(existing?.rating ?? 0);
  const [title, setTitle] = useState(existing?.title ?? '');
  const [text, setText] = useState(existing?.text ?? '');
  const [name, setName] = useState(existing?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const ids = { title: useId(), text: useId(), name: useId(), error: useId() };
  const mutation = useMutation({
    mutationFn: async () => {
      const own = existing ?? (await ensureIdentity());
      return submitReview(app.id, { rating, title: title.trim(), text: text.trim(), name: name.trim() }, own !== null);
    },
    onSuccess: () => {
      setOpen(false);
      onSaved();
      toast({ title: 'Thanks for your review!', description: 'It will appear once a curator has approved it.' });
    },
    onError: (failure) => {
      setError(failure instanceof ApiError ? failure.serverMessage : 'The review could not be sent. Please try again.');
      // This browser reviewed the app before (its local note was lost): load that review for editing.
      if (failure instanceof ApiError && failure.status === 409) onSaved();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const problem =
      rating < 1
        ? 'Choose from 1 to 5 stars.'
        : !title.trim()
          ? 'Give your review a title.'
          : text.trim().length < REVIEW_TEXT_MIN
            ? `Your review must be at least ${REVIEW_TEXT_MIN} characters.`
            : !name.trim()
              ? 'Tell us the name to show with your review.'
              : null;
    setError(problem);
    if (!problem) mutation.mutate();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
      title={existing ? `Edit your review of ${app.name}` : `Review ${app.name}`}
      description="No account needed. Links and markup are removed; a curator reads every review before it appears."
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold text-slate-900">Your rating</legend>
          <div className="flex items-center gap-1">
            {[1, 2, 3, 4, 5].map((stars) => (
              <label key={stars} className="relative cursor-pointer p-0.5" title={`${stars} star${stars === 1 ? '' : 's'}`}>
                <input
                  type="radio"
                  name="review-rating"
                  value={stars}
                  aria-label={`${stars} star${stars === 1 ? '' : 's'}`}
                  checked={rating === stars}
                  onChange={() => setRating(stars)}
                  className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
                />
                <Star
                  aria-hidden="true"
                  className={`size-7 rounded-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${stars <= rating ? 'fill-amber-400 text-amber-500' : 'text-slate-400'}`}
                />
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1">
          <Label htmlFor={ids.title}>Title</Label>
          <Input id={ids.title} value={title} maxLength={REVIEW_TITLE_MAX} onChange={(event) => setTitle(event.target.value)} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={ids.text}>Your review</Label>
          <Textarea
            id={ids.text}
            value={text}
            maxLength={REVIEW_TEXT_MAX}
            rows={6}
            onChange={(event) => setText(event.target.value)}
          />
          <p className="text-xs text-slate-600" aria-live="polite">
            {text.length} / {REVIEW_TEXT_MAX.toLocaleString('en-US')} characters (at least {REVIEW_TEXT_MIN})
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={ids.name}>Display name</Label>
          <Input
            id={ids.name}
            value={name}
            maxLength={REVIEW_NAME_MAX}
            autoComplete="nickname"
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <DialogFormFooter
          error={error}
          errorId={ids.error}
          onCancel={() => setOpen(false)}
          busy={mutation.isPending}
          submitLabel={mutation.isPending ? 'Sending…' : existing ? 'Save changes' : 'Submit review'}
        />
      </form>
    </Dialog>
  );
}
