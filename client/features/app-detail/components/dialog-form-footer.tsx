import type { ReactNode } from 'react';
import { Button } from '@client/components/ui/button';

/**
 * The end of a visitor's dialog form (report, review, claim): the failure, announced, then Cancel and
 * the submit button, which is disabled while the form is being sent.
 */
export function DialogFormFooter({
  error,
  errorId,
  onCancel,
  busy,
  submitLabel,
}: {
  error: ReactNode;
  /** The id the form's fields point at (aria-describedby) when they are in error. */
  errorId?: string;
  onCancel: () => void;
  busy: boolean;
  submitLabel: ReactNode;
}) {
  return (
    <>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
