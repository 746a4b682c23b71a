import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '@client/lib/use-hydrated';
import { categoryPath } from '@shared/browse-paths';
import type { CategoryOption } from '../hooks/use-categories';
import { InlineIcon } from './inline-icon';

/** How far one arrow click scrolls the row, as a share of its visible width. */
const ARROW_SCROLL_SHARE = 0.8;

const arrowButton =
  'absolute top-1/2 z-10 flex size-8 -translate-y-1/2 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm hover:border-brand-500 hover:text-brand-700';

/**
 * The category filter as a row of toggle buttons. It scrolls sideways instead of wrapping, so the
 * grid below does not move when the categories arrive; where chips are cut off, a fade and an arrow
 * button on that side show that the row goes on.
 */
export function CategoryFilter({
  options,
  selected,
  onSelect,
}: {
  options: CategoryOption[];
  selected: string | null;
  onSelect: (slug: string | null) => void;
}) {
  const rowRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const row = rowRef.current;
    if (!row) return undefined;
    const update = () => setMore({ before: row.scrollLeft > 1, after: row.scrollLeft + row.clientWidth < row.scrollWidth - 1 });
    update();
    row.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(row);
    return () => {
      row.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [options.length]);

  const scrollBy = (direction: 1 | -1) => {
    const row = rowRef.current;
    row?.scrollBy({ left: direction * row.clientWidth * ARROW_SCROLL_SHARE, behavior: 'smooth' });
  };

  return (
    <div className="relative -mx-4 sm:-mx-6 lg:-mx-8" data-testid="category-filter">
      <div
        ref={rowRef}
        role="group"
        aria-label="Filter by category"
        className="flex h-12 items-center gap-2 overflow-x-auto px-4 pb-1 sm:px-6 lg:px-8 [scrollbar-width:thin]"
      >
        {options.map((option) => {
          const active = option.slug === selected;
          const className = `shrink-0 rounded-full border px-4 text-sm font-medium transition-colors ${
            active
              ? 'border-brand-600 bg-brand-600 text-white'
              : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700'
          }`;
          // Without JavaScript each chip is a link to the category's own page; once scripts run, a toggle in place.
          return hydrated ? (
            <button
              key={option.slug ?? 'all'}
              type="button"
              aria-pressed={active}
              onClick={() => onSelect(option.slug)}
              className={`h-9 ${className}`}
            >
              {option.name}
            </button>
          ) : (
            <a
              key={option.slug ?? 'all'}
              href={option.slug ? categoryPath(option.slug) : '/'}
              aria-current={active ? 'page' : undefined}
              className={`inline-flex h-9 items-center ${className}`}
            >
              {option.name}
            </a>
          );
        })}
      </div>
      {/* Pointer aids only: keyboard users reach every chip with Tab, which scrolls it into view. */}
      {more.before ? (
        <>
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-0 w-16 bg-gradient-to-r from-slate-50 to-transparent"
          />
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="category-scroll-back"
            onClick={() => scrollBy(-1)}
            className={`${arrowButton} left-1`}
          >
            <InlineIcon name="chevronLeft" className="size-4" />
          </button>
        </>
      ) : null}
      {more.after ? (
        <>
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-0 w-16 bg-gradient-to-l from-slate-50 to-transparent"
          />
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="category-scroll-forward"
            onClick={() => scrollBy(1)}
            className={`${arrowButton} right-1`}
          >
            <InlineIcon name="chevronRight" className="size-4" />
          </button>
        </>
      ) : null}
    </div>
  );
}
