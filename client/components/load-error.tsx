import { cn } from '@client/lib/cn';

/** A failed load, said plainly, with a Try again button. */
export function LoadError({ message, onRetry, className }: { message: string; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={cn('rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900', className)}>
      <p className="font-medium">{message}</p>
      <button type="button" onClick={onRetry} className="mt-3 font-semibold underline underline-offset-4">
        Try again
      </button>
    </div>
  );
}
