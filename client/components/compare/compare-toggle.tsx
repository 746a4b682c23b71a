// clsx, not cn: the classes below never conflict (the size is a prop), and tailwind-merge stays off the first load.
import { clsx as cn } from 'clsx';
import { SpriteIcon } from '@client/components/icon-sprite';
import { addToCompare, removeFromCompare, useCompareTray, type TrayApp } from '@client/lib/compare-tray';

/**
 * The "Compare" toggle of a card or an app page: adds the app to the compare tray or takes it out.
 * It stays a button of its own above any link stretched over a card (relative z-10).
 */
export function CompareToggle({
  app,
  size = 'default',
  className,
}: {
  app: TrayApp;
  size?: 'default' | 'large';
  className?: string;
}) {
  const { apps } = useCompareTray();
  const selected = apps.some((item) => item.id === app.id);
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-label={`Compare ${app.name}`}
      onClick={() => (selected ? removeFromCompare(app.id) : addToCompare(app))}
      className={cn(
        'relative z-10 inline-flex items-center gap-1.5 border text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        size === 'large' ? 'h-11 rounded-xl px-5' : 'h-9 rounded-lg px-3',
        selected
          ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700'
          : 'border-slate-300 bg-white text-slate-800 hover:border-brand-500 hover:text-brand-700',
        className,
      )}
    >
      <SpriteIcon name={selected ? 'check' : 'git-compare-arrows'} className="size-4" />
      Compare
    </button>
  );
}
