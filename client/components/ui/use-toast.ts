import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@shared/constants';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Closes a toast; it leaves the list after the removal delay of spec §9. */
export function dismissToast(id?: string): void {
  emit(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
  for (const item of toasts) {
    if ((id === undefined || item.id === id) && !removeTimers.has(item.id)) {
      removeTimers.set(
        item.id,
        setTimeout(() => {
          removeTimers.delete(item.id);
          emit(toasts.filter((other) => other.id !== item.id));
        }, TOAST_REMOVE_DELAY_MS),
      );
    }
  }
}

/** Shows a toast (one at a time, spec §9); returns handles to update or dismiss it. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void; update: (next: Partial<ToastOptions>) => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const item: ToastItem = { duration: TOAST_DURATION_MS, variant: 'default', ...options, id, open: true };
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => emit(toasts.map((item) => (item.id === id ? { ...item, ...next } : item))),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current toasts, for the Toaster. */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}
