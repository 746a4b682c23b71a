import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
// clsx, not cn: these classes never conflict, and tailwind-merge would weigh on every page's first load.
import { clsx as cn } from 'clsx';
import { useEffect } from 'react';
import { dismissToast, useToastHostDialogId, useToasts, type ToastItem } from './use-toast';

/** Renders the toasts: swipe right to dismiss (50 px), F8 focuses the region, max width 420px. */
export function Toaster() {
  // While a dialog is open its own <DialogToasts> shows them; they come back here (if still open) when it closes.
  const dialogOpen = useToastHostDialogId() !== null;
  const toasts = useToasts().filter(() => !dialogOpen);
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={50}>
      {toasts.map((item) => (
        <Toast.Root
          key={`${item.id}.${item.version}`}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-8 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            item.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description ? <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description> : null}
          </div>
          <Toast.Close aria-label="Close notification" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}

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
      <button type="button" aria-label="Close notification" onClick={() => dismissToast(item.id)} className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** The toasts inside the innermost open dialog (`dialogId`), in its flow, so they never cover its buttons. */
export function DialogToasts({ dialogId }: { dialogId: string }) {
  const hostId = useToastHostDialogId();
  const toasts = useToasts().filter((item) => item.open);
  if (hostId !== dialogId || toasts.length === 0) return null;
  return (
    <div className="grid gap-2" data-testid="dialog-toasts">
      {toasts.map((item) => (
        <InlineToast key={`${item.id}.${item.version}`} item={item} />
      ))}
    </div>
  );
}
