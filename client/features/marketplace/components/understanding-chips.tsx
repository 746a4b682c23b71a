import { useEffect, useRef } from 'react';
import type { QueryChip, QueryChipKind } from '@shared/schemas/search';
import { useHydrated } from '@client/lib/use-hydrated';
import { searchHref, toggleWithout } from '../lib/search-url';
import { InlineIcon } from './inline-icon';

/** The word before each chip's label: what kind of thing the search read ("Price: Free or free plan"). */
const KIND_LABELS: Record<QueryChipKind, string> = {
  need: 'Need',
  app: 'App',
  price: 'Price',
  audience: 'Audience',
  platform: 'Platform',
  category: 'Category',
  language: 'Language',
};

const control =
  'inline-flex shrink-0 items-center gap-1 rounded-full text-sm font-semibold outline-offset-2 transition-colors focus-visible:outline-2 focus-visible:outline-brand-600';
const removeControl = `${control} size-7 justify-center text-slate-700 hover:bg-brand-100 hover:text-slate-900`;
const addBackControl = `${control} h-7 px-2.5 text-brand-800 underline-offset-2 hover:bg-brand-100 hover:underline`;

/**
 * What the search understood of the query, as chips the visitor can remove to search again without them (and
 * add back). The set-aside chips live in the address, so the answer is shareable and Back undoes a removal.
 * Without JavaScript each control is a link to that address; once scripts run, a button, and after a removal
 * the focus goes to the next chip still in use, or to the results heading when none follows.
 */
export function UnderstandingChips({
  query,
  chips,
  without,
  headingId,
  onChange,
}: {
  query: string;
  chips: QueryChip[];
  /** The chip ids set aside in the address. */
  without: readonly string[];
  /** The element that takes the focus when the last chip in use is removed. */
  headingId: string;
  onChange: (without: string[]) => void;
}) {
  const hydrated = useHydrated();
  const listRef = useRef<HTMLUListElement>(null);
  // Where the focus goes once the address says the chip is set aside: a chip id, or the heading.
  const pendingFocus = useRef<string | null>(null);
  const withoutKey = without.join(',');

  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    const chip = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-chip-id]') ?? [])].find(
      (element) => element.dataset.chipId === target,
    );
    (chip ?? document.getElementById(headingId))?.focus();
  }, [withoutKey, headingId]);

  if (chips.length === 0) return null;
  const chipIds = chips.map((chip) => chip.id);

  const toggle = (chip: QueryChip, setAside: boolean) => {
    if (!setAside) {
      const index = chips.indexOf(chip);
      const next = chips.slice(index + 1).find((other) => !without.includes(other.id));
      pendingFocus.current = next?.id ?? headingId;
    }
    onChange(toggleWithout(chipIds, without, chip.id));
  };

  return (
    <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-baseline" data-testid="search-understanding">
      <p id="search-understood-label" className="shrink-0 text-sm font-medium text-slate-700">
        Understood as:
      </p>
      <ul ref={listRef} aria-labelledby="search-understood-label" className="flex flex-wrap gap-2">
        {chips.map((chip) => {
          const setAside = without.includes(chip.id);
          const label = setAside ? `Add back ${chip.label}` : `Remove ${chip.label}`;
          const content = setAside ? (
            <>
              <InlineIcon name="add" className="size-3.5" />
              Add back
            </>
          ) : (
            <InlineIcon name="remove" className="size-4" />
          );
          const className = setAside ? addBackControl : removeControl;
          return (
            <li
              key={chip.id}
              className={`inline-flex min-h-9 max-w-full items-center gap-1.5 rounded-full border py-1 pl-3 pr-1 text-sm ${
                setAside ? 'border-dashed border-slate-400 bg-white' : 'border-brand-100 bg-brand-50'
              }`}
            >
              <span className="shrink-0 text-xs font-semibold uppercase tracking-wide text-slate-600">
                {KIND_LABELS[chip.kind] ?? chip.kind}
                <span className="sr-only">:</span>
              </span>
              <span
                data-testid="chip-label"
                className={`min-w-0 break-words ${setAside ? 'text-slate-600 line-through' : 'font-medium text-slate-900'}`}
              >
                {chip.label}
              </span>
              {setAside ? <span className="sr-only">(set aside)</span> : null}
              {hydrated ? (
                <button
                  type="button"
                  data-chip-id={chip.id}
                  aria-label={label}
                  onClick={() => toggle(chip, setAside)}
                  className={className}
                >
                  {content}
                </button>
              ) : (
                <a
                  href={searchHref(query, toggleWithout(chipIds, without, chip.id))}
                  data-chip-id={chip.id}
                  aria-label={label}
                  className={className}
                >
                  {content}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
