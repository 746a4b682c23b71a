import { Loader2 } from 'lucide-react';
import { cn } from '@client/lib/cn';

/** A spinner with a visible label, announced politely. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex items-center justify-center gap-3 py-12 text-slate-700', className)}
    >
      <Loader2 className="size-6 animate-spin text-brand-600" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
