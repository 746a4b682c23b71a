import { X } from 'lucide-react';
// clsx, not cn: these classes never conflict.
import { clsx as cn } from 'clsx';
import { useEffect } from 'react';
import { dismissToast, useToasts, type ToastItem } from './use-toast';

function InlineToast({ item }: { item: ToastItem }) {
  useEffect(() => {
    if (!item.duration || item.duration === Number.POSITIVE_INFINITY) return undefined;
    const timer = setTimeout(() => dismissToast(item.id), item.duration);
    return () => clearTimeout(timer);
  }, [item.id, item.duration]);
  return (
    <div
      role={item.variant === 'destructive' ? 'alert' : 'status'}
      className={cn(
        'relative grid gap-1 rounded-lg border p-3 pr-9 text-sm',
        item.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-slate-50 text-slate-900',
      )}
    >
      <p className="font-semibold">{item.title}</p>
      {item.description ? <p className="opacity-90">{item.description}</p> : null}
      <button
        type="button"
        aria-label="Close notification"
        onClick={() => dismissToast(item.id)}
        className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * The toasts made while this opening of the dialog (`dialogId`, from useToastHostDialog) was the innermost
 * one, in its flow, so they never cover its buttons; a toast from the page or another dialog never shows
 * here. Apart from the app's <Toaster>: only pages with dialogs load it, no page's first load.
 */
export function DialogToasts({ dialogId }: { dialogId: string | null }) {
  const toasts = useToasts().filter((item) => item.open && dialogId !== null && item.dialog === dialogId);
  if (toasts.length === 0) return null;
  return (
    <div className="grid gap-2" data-testid="dialog-toasts">
      {toasts.map((item) => (
        <InlineToast key={`${item.id}.${item.version}`} item={item} />
      ))}
    </div>
  );
}
