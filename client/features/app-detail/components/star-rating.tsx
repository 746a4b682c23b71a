import { Star } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@client/lib/cn';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The app's star rating as a radio group: each radio is named "N stars"; choosing one records a
 * local rating. The stars show the displayed average; the checked radio is the visitor's last choice.
 */
export function StarRating({ average, chosen, onRate }: { average: number; chosen: number | null; onRate: (stars: number) => void }) {
  const name = useId();
  const filled = Math.round(average);
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">Rate this app</legend>
      <div className="flex items-center">
        {STARS.map((stars) => (
          <label key={stars} className="relative cursor-pointer p-0.5" title={`Rate ${stars} stars`}>
            <input
              type="radio"
              name={name}
              value={stars}
              aria-label={`${stars} stars`}
              checked={chosen === stars}
              onChange={() => onRate(stars)}
              // Choosing the already chosen star again rates again; change does not fire then.
              onClick={() => {
                if (chosen === stars) onRate(stars);
              }}
              // Transparent over its star rather than visually hidden, so that a click on the star is a click on the radio.
              className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <Star
              aria-hidden="true"
              className={cn(
                'size-6 rounded-sm transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
                stars <= filled ? 'fill-amber-400 text-amber-500' : 'fill-transparent text-slate-400 hover:text-amber-500',
              )}
            />
          </label>
        ))}
      </div>
      <span className="text-base font-semibold text-slate-900" data-testid="displayed-rating">
        <span className="sr-only">Average rating </span>
        {average.toFixed(1)}
        <span className="sr-only"> out of 5</span>
      </span>
    </fieldset>
  );
}
