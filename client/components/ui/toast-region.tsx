import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
// clsx, not cn: these classes never conflict, and tailwind-merge would weigh on every page's first load.
import { clsx as cn } from 'clsx';
import { dismissToast, useToastHostDialogId, useToasts } from './use-toast';

/** Renders the toasts: swipe right to dismiss (50 px), F8 focuses the region, max width 420px. */
export default function ToastRegion() {
  // While a dialog is open the page is inert and the dialog shows its own toasts; the page's come back here
  // (if still open) when it closes, with those of closed dialogs (a "Category Created" made as its form closed).
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
          <Toast.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
