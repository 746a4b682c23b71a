import { useId } from 'react';
import { SpriteIcon } from '@client/components/icon-sprite';
import { cn } from '@client/lib/cn';
import { countOf } from '@shared/pluralize';

const STARS = [1, 2, 3, 4, 5] as const;

type StarFill = 'full' | 'half' | 'empty';

/** How much of star number `stars` an average fills, to the nearest half star (4.5 → four full and a half). */
export function starFill(stars: number, average: number): StarFill {
  const halves = Math.round(average * 2) / 2;
  if (stars <= halves) return 'full';
  return stars - 0.5 === halves ? 'half' : 'empty';
}

const STAR_ICON =
  'size-6 rounded-sm transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600';

/**
 * The app's star rating as a radio group: each radio is named "N stars"; choosing one records a
 * local rating. The stars show the displayed average; the checked radio is the visitor's last choice.
 */
export function StarRating({
  average,
  chosen,
  onRate,
  label,
}: {
  average: number;
  chosen: number | null;
  onRate: (stars: number) => void;
  label?: string;
}) {
  const name = useId();
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">Rate this app</legend>
      <div className="flex items-center">
        {STARS.map((stars) => (
          <label
            key={stars}
            className="relative cursor-pointer p-0.5"
            title={`Rate ${countOf(stars, 'star')}`}
            data-star-fill={starFill(stars, average)}
          >
            <input
              type="radio"
              name={name}
              value={stars}
              aria-label={countOf(stars, 'star')}
              checked={chosen === stars}
              onChange={() => onRate(stars)}
              // Choosing the already chosen star again rates again; change does not fire then.
              onClick={() => {
                if (chosen === stars) onRate(stars);
              }}
              // Transparent over its star rather than visually hidden, so that a click on the star is a click on the radio.
              className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <SpriteIcon
              name="star"
              className={cn(
                STAR_ICON,
                starFill(stars, average) === 'full'
                  ? 'fill-amber-400 text-amber-500'
                  : 'fill-transparent text-slate-400 hover:text-amber-500',
              )}
            />
            {starFill(stars, average) === 'half' ? (
              // The left half of a filled star over the outline: a half star.
              <span aria-hidden="true" className="pointer-events-none absolute inset-y-0.5 left-0.5 w-3 overflow-hidden">
                <SpriteIcon name="star" className="size-6 fill-amber-400 text-amber-500" />
              </span>
            ) : null}
          </label>
        ))}
      </div>
      <span className="text-base font-semibold text-slate-900" data-testid="displayed-rating">
        <span aria-hidden="true">{average.toFixed(1)}</span>
        {/* The exact average, not the rounded one the stars and the figure show. */}
        <span className="sr-only">Average rating {Number(average.toFixed(2))} out of 5</span>
      </span>
      {label ? (
        <span className="text-sm text-slate-600" data-testid="rating-label">
          {label}
        </span>
      ) : null}
    </fieldset>
  );
}
