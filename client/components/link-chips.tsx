import { Link } from 'wouter';
import { cn } from '@client/lib/cn';

/** One choice of a row of link chips. */
export interface LinkChip {
  label: string;
  href: string;
  current: boolean;
}

/**
 * A row of choices as plain links (sorts, pricing filters): every view has its own address, works
 * without JavaScript, and the chosen one is `aria-current`.
 */
export function LinkChips({ label, chips, className }: { label: string; chips: LinkChip[]; className?: string }) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.href}>
            <Link
              href={chip.href}
              aria-current={chip.current ? 'page' : undefined}
              className={cn(
                'inline-flex h-10 items-center rounded-full border px-4 text-sm font-semibold transition-colors',
                chip.current
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:border-brand-500 hover:text-brand-700',
              )}
            >
              {chip.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
