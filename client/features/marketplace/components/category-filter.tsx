import type { CategoryOption } from '../hooks/use-categories';

/**
 * The category filter as a row of toggle buttons. It scrolls sideways instead of wrapping, so the
 * grid below does not move when the categories arrive.
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
  return (
    <div role="group" aria-label="Filter by category" className="-mx-4 flex h-12 items-center gap-2 overflow-x-auto px-4 pb-1 sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8 [scrollbar-width:thin]">
      {options.map((option) => {
        const active = option.slug === selected;
        return (
          <button
            key={option.slug ?? 'all'}
            type="button"
            aria-pressed={active}
            onClick={() => onSelect(option.slug)}
            className={`h-9 shrink-0 rounded-full border px-4 text-sm font-medium transition-colors ${
              active ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700'
            }`}
          >
            {option.name}
          </button>
        );
      })}
    </div>
  );
}
