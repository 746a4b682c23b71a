import { useEffect, useState, useSyncExternalStore } from 'react';
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
  /** Bumped by every update, which shows the toast again for a full duration. */
  version: number;
  /**
   * The opening of the dialog that was open (innermost) when the toast was made, or null: a dialog shows only
   * its own messages, never a page's earlier "Link copied!" nor another dialog's "Source Added".
   */
  dialog: string | null;
}

/*
 * Open dialogs, innermost last. While one is open the toasts show inside it, in its flow: a dialog makes the rest of
 * the page inert (hidden from screen readers) and a floating toast would cover the dialog's own buttons.
 */
let dialogStack: string[] = [];
const dialogListeners = new Set<() => void>();

function subscribeDialogs(listener: () => void): () => void {
  dialogListeners.add(listener);
  return () => dialogListeners.delete(listener);
}

function setDialogStack(next: string[]): void {
  dialogStack = next;
  for (const listener of dialogListeners) listener();
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
  const item: ToastItem = {
    duration: TOAST_DURATION_MS,
    variant: 'default',
    ...options,
    id,
    open: true,
    version: 0,
    dialog: dialogStack.at(-1) ?? null,
  };
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    // A progress toast's outcome ("30 applications deleted.") often comes after the toast closed by itself: show it again.
    update: (next) =>
      emit(toasts.map((item) => (item.id === id ? { ...item, ...next, open: true, version: item.version + 1 } : item))),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current toasts, read outside React. */
export function currentToasts(): ToastItem[] {
  return toasts;
}

/** The current toasts, for the Toaster. */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, currentToasts, currentToasts);
}

/**
 * Registers an open dialog as the place where the toasts made while it is the innermost one show.
 * @returns this opening's key (each opening has its own, so a dialog opened again starts without messages).
 */
export function useToastHostDialog(id: string, open: boolean): string | null {
  // Counts this dialog's openings, derived during render (React's pattern for state that follows a prop).
  const [opening, setOpening] = useState({ open: false, count: 0 });
  if (opening.open !== open) setOpening({ open, count: open ? opening.count + 1 : opening.count });
  const key = open && opening.open ? `${id}#${opening.count}` : null;
  useEffect(() => {
    if (!key) return undefined;
    setDialogStack([...dialogStack, key]);
    return () => setDialogStack(dialogStack.filter((other) => other !== key));
  }, [key]);
  return key;
}

/** The id of the dialog that shows the toasts now, or null when no dialog is open. */
export function useToastHostDialogId(): string | null {
  return useSyncExternalStore(
    subscribeDialogs,
    () => dialogStack.at(-1) ?? null,
    () => null,
  );
}
