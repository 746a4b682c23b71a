// clsx, not cn: callers add only placement classes, and tailwind-merge stays off the first load.
import { clsx as cn } from 'clsx';

/**
 * A failed load, announced to screen readers, with a way to try again. `compact` sits inside a back
 * office panel; `page` stands in for a public page's content.
 */
export function LoadError({
  message,
  onRetry,
  size = 'compact',
  className,
}: {
  message: string;
  onRetry?: () => void;
  size?: 'compact' | 'page';
  className?: string;
}) {
  const page = size === 'page';
  return (
    <div
      role="alert"
      className={cn(
        page
          ? 'rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900'
          : 'rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800',
        className,
      )}
    >
      <p className={page ? 'font-medium' : undefined}>{message}</p>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className={cn('underline underline-offset-4', page ? 'mt-3 font-semibold' : 'mt-2 font-medium')}
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}
