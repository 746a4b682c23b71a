import { SpriteIcon } from '@client/components/icon-sprite';
import { formatCount, formatRating } from '@shared/format';

/**
 * An app's rating and monthly visitors as two term/description pairs of the caller's `<dl>` (the cards of
 * the marketplace and of the alternatives pages). The icons are the visual terms; screen readers hear
 * "Rating" and "Monthly visitors". `visitorsWord` adds a visible "visitors" after the count.
 */
export function AppStats({
  rating,
  monthlyVisitors,
  itemClassName = 'flex items-center gap-1',
  visitorsWord = false,
}: {
  rating: number | null;
  monthlyVisitors: number;
  itemClassName?: string;
  visitorsWord?: boolean;
}) {
  return (
    <>
      <div className={itemClassName}>
        <dt>
          <SpriteIcon name="star" className="size-4 fill-amber-400 text-amber-500" />
          <span className="sr-only">Rating</span>
        </dt>
        <dd className="font-medium text-slate-900">{formatRating(rating)}</dd>
      </div>
      <div className={itemClassName}>
        <dt>
          <SpriteIcon name="users" className="size-4 text-slate-500" />
          <span className="sr-only">Monthly visitors</span>
        </dt>
        <dd>
          {formatCount(monthlyVisitors)}
          {visitorsWord ? <span aria-hidden="true"> visitors</span> : null}
        </dd>
      </div>
    </>
  );
}
