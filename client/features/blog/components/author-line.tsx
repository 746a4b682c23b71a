import { formatLongDate, initials } from '@shared/format';

/** The author with an initials badge, and the publication date in long US format. */
export function AuthorLine({ author, publishedAt }: { author: string; publishedAt: string }) {
  return (
    <div className="flex items-center gap-3 text-sm">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white"
      >
        {initials(author) || '?'}
      </span>
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{author}</p>
        <p className="text-slate-600">
          <time dateTime={publishedAt}>{formatLongDate(publishedAt)}</time>
        </p>
      </div>
    </div>
  );
}
