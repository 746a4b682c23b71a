import type { HTMLAttributes } from 'react';
import { cn } from '@client/lib/cn';

const variants = {
  default: 'border-transparent bg-brand-600 text-white',
  secondary: 'border-transparent bg-slate-200 text-slate-900',
  destructive: 'border-transparent bg-red-700 text-white',
  outline: 'border-slate-300 text-slate-800',
  success: 'border-transparent bg-emerald-700 text-white',
} as const;

export type BadgeVariant = keyof typeof variants;

/** A small label. */
export function Badge({
  className,
  variant = 'default',
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
