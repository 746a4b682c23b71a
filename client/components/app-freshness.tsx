import { formatLongDate } from '@shared/format';
import type { App } from '@shared/schemas/app';

/**
 * How fresh a listing is: "Added {date}" (first published, else created). Its own small piece so that
 * cards and the app page show the same words.
 */
export function AppFreshness({ app, className }: { app: Pick<App, 'publishedAt' | 'createdAt'>; className?: string }) {
  const added = formatLongDate(app.publishedAt ?? app.createdAt);
  if (!added) return null;
  return (
    <p className={className ?? 'text-xs text-slate-600'} data-testid="app-freshness">
      Added {added}
    </p>
  );
}
