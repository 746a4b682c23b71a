import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@client/components/ui/dialog';
import { Label, Textarea } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api-client';
import type { App } from '@shared/schemas/app';
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '@shared/schemas/report';
import { reportApp } from '../api/report-api';
import { DialogFormFooter } from './dialog-form-footer';

/**
 * The "Report a problem" dialog of the app page: a reason and an optional note, sent without an
 * account. A confirmation toast follows; the server's rate limit message is shown as it is. Loaded
 * with the first click on its button (`report-problem-button.tsx`).
 */
export default function ReportProblemDialog({
  app,
  open,
  setOpen,
}: {
  app: App;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const errorId = useId();
  const mutation = useMutation({
    mutationFn: () => reportApp(app.id, { reason: reason ?? 'other', note: note.trim() || undefined }),
    onSuccess: () => {
      setOpen(false);
      setReason(null);
      setNote('');
      toast({ title: 'Thanks for your report', description: 'Our curators will look at it soon.' });
    },
    onError: (failure) =>
      setError(failure instanceof ApiError ? failure.serverMessage : 'The report could not be sent. Please try again.'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!reason) {
      setError('Choose a reason.');
      return;
    }
    setError(null);
    mutation.mutate();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
      title={`Report a problem with ${app.name}`}
      description="Tell us what is wrong with this listing. No account needed."
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
          <legend className="mb-1 text-sm font-semibold text-slate-900">Reason</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-4 accent-brand-600"
              />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col gap-1">
          <Label htmlFor={noteId}>Note (optional)</Label>
          <Textarea
            id={noteId}
            value={note}
            maxLength={REPORT_NOTE_MAX}
            rows={4}
            onChange={(event) => setNote(event.target.value)}
          />
          <p className="text-xs text-slate-600" aria-live="polite">
            {note.length} / {REPORT_NOTE_MAX.toLocaleString('en-US')} characters
          </p>
        </div>
        <DialogFormFooter
          error={error}
          errorId={errorId}
          onCancel={() => setOpen(false)}
          busy={mutation.isPending}
          submitLabel={mutation.isPending ? 'Sending…' : 'Send report'}
        />
      </form>
    </Dialog>
  );
}
