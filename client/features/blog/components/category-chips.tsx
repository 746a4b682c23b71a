import { cn } from '@client/lib/cn';

/** The category filter: one toggle button per category, the selected one pressed. */
export function CategoryChips({
  chips,
  selected,
  onSelect,
}: {
  chips: string[];
  selected: string;
  onSelect: (chip: string) => void;
}) {
  return (
    <div role="group" aria-label="Filter articles by category" className="flex flex-wrap justify-center gap-2">
      {chips.map((chip) => (
        <button
          key={chip}
          type="button"
          aria-pressed={chip === selected}
          onClick={() => onSelect(chip)}
          className={cn(
            'rounded-full border px-4 py-1.5 text-sm font-medium transition-colors',
            chip === selected
              ? 'border-brand-600 bg-brand-600 text-white'
              : 'border-slate-300 bg-white text-slate-800 hover:border-brand-500 hover:text-brand-800',
          )}
        >
          {chip}
        </button>
      ))}
    </div>
  );
}
