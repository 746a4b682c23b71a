import { formatLongDate } from '@shared/format';
import type { App } from '@shared/schemas/app';

/** A successful link check older than this no longer earns "Verified". */
const VERIFIED_WITHIN_DAYS = 30;
const DAY_MS = 86_400_000;

/** "Verified today", "Verified 1 day ago", "Verified {n} days ago"; null without a recent successful check. */
export function verifiedText(verifiedAt: string | null, now = Date.now()): string | null {
  if (!verifiedAt) return null;
  const days = Math.max(0, Math.floor((now - Date.parse(verifiedAt)) / DAY_MS));
  if (!Number.isFinite(days) || days > VERIFIED_WITHIN_DAYS) return null;
  if (days === 0) return 'Verified today';
  return `Verified ${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/**
 * How fresh a listing is: "Added {date}" (first published, else created) and, when the link checker
 * found its site working in the last 30 days, "Verified {n} days ago". One small piece, so that cards
 * and the app page say the same words.
 */
export function AppFreshness({
  app,
  className,
}: {
  app: Pick<App, 'publishedAt' | 'createdAt' | 'verifiedAt'>;
  className?: string;
}) {
  const added = formatLongDate(app.publishedAt ?? app.createdAt);
  const verified = verifiedText(app.verifiedAt);
  if (!added && !verified) return null;
  return (
    <p className={className ?? 'text-xs text-slate-600'} data-testid="app-freshness">
      {added ? `Added ${added}` : null}
      {added && verified ? ' · ' : null}
      {verified}
    </p>
  );
}
