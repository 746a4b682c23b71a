import { useSyncExternalStore } from 'react';

// The apps this browser saved, and the stacks it created (with their secrets): kept in localStorage so
// that both work without an account. The nav's count, the app page's Save button, the Saved page and
// the stack pages all read these two stores.

type Listener = () => void;

function createStore<T>(key: string, empty: T, valid: (value: unknown) => value is T) {
  const read = (): T => {
    try {
      const raw = window.localStorage.getItem(key);
      const value: unknown = raw ? JSON.parse(raw) : empty;
      return valid(value) ? value : empty;
    } catch {
      return empty;
    }
  };
  let snapshot: T | null = null;
  const listeners = new Set<Listener>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== key) return;
      snapshot = read();
      notify();
    });
  }
  return {
    get: (): T => (snapshot ??= read()),
    /** What the server's HTML shows (it knows nothing of this browser); hydration starts from it. */
    getServer: (): T => empty,
    set(next: T) {
      snapshot = next;
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage may be full or disabled (private mode): the list then lasts for this page only.
      }
      notify();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => Number.isInteger(item) && item > 0);
const isSecretMap = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((item) => typeof item === 'string');

export const SAVED_APPS_KEY = 'aitlas.savedApps';
export const OWNED_STACKS_KEY = 'aitlas.ownedStacks';

/** Ids of the apps this browser saved, oldest first (the order they were saved in). */
export const savedAppsStore = createStore<number[]>(SAVED_APPS_KEY, [], isIdList);

/** The secrets of the stacks this browser created, by stack id. */
export const ownedStacksStore = createStore<Record<string, string>>(OWNED_STACKS_KEY, {}, isSecretMap);

/** The saved app ids (oldest first); empty on the server and until hydration. */
export function useSavedAppIds(): number[] {
  return useSyncExternalStore(savedAppsStore.subscribe, savedAppsStore.get, savedAppsStore.getServer);
}

/** Adds apps to the saved list (those already in it keep their place). */
export function addSavedApps(ids: number[]): void {
  const current = savedAppsStore.get();
  const added = ids.filter((id) => !current.includes(id));
  if (added.length > 0) savedAppsStore.set([...current, ...added]);
}

/** Removes an app from the saved list; returns where it was, for an undo. */
export function removeSavedApp(id: number): number {
  const current = savedAppsStore.get();
  const index = current.indexOf(id);
  if (index >= 0) savedAppsStore.set(current.filter((item) => item !== id));
  return index;
}

/** Puts a removed app back where it was. */
export function restoreSavedApp(id: number, index: number): void {
  const current = savedAppsStore.get().filter((item) => item !== id);
  current.splice(Math.max(0, Math.min(index, current.length)), 0, id);
  savedAppsStore.set(current);
}

/** The secret of a stack this browser created, or null; null on the server and until hydration. */
export function useOwnedStackSecret(id: string): string | null {
  const secrets = useSyncExternalStore(ownedStacksStore.subscribe, ownedStacksStore.get, ownedStacksStore.getServer);
  return secrets[id] ?? null;
}

/** Remembers (or, with null, forgets) the secret of a stack this browser created. */
export function setOwnedStackSecret(id: string, secret: string | null): void {
  const next = { ...ownedStacksStore.get() };
  if (secret) next[id] = secret;
  else delete next[id];
  ownedStacksStore.set(next);
}
