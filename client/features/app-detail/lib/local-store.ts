/**
 * Small stores for the app page's visitor-side state, readable with useSyncExternalStore.
 * Share counts persist in localStorage (saved apps: `client/lib/saved-apps.ts`); ratings live only in this page session
 * (spec §3 Local-only: never sent, gone on reload).
 */
type Listener = () => void;

function createStore<T>(read: () => T, write: (value: T) => void, empty: T) {
  let snapshot = read();
  const listeners = new Set<Listener>();
  return {
    get: () => snapshot,
    /** What the server's HTML shows (it knows nothing of this browser); hydration starts from it. */
    getServer: () => empty,
    set(next: T) {
      snapshot = next;
      write(next);
      for (const listener of listeners) listener();
    },
    /** Reloads from storage (another tab changed it). */
    refresh() {
      snapshot = read();
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function readJson<T>(key: string, fallback: T, valid: (value: unknown) => value is T): T {
  try {
    const raw = window.localStorage.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : fallback;
    return valid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage may be full or disabled (private mode): the state then lasts for this page only.
  }
}

const isCountMap = (value: unknown): value is Record<string, number> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((item) => Number.isInteger(item) && item >= 0);
const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => Number.isInteger(item) && item > 0);

export const SHARE_COUNTS_KEY = 'aitlas.shareCounts';
export const REVIEWED_APPS_KEY = 'aitlas.reviewedApps';

/** How often this browser shared each app. */
export const shareCountsStore = createStore<Record<string, number>>(
  () => readJson(SHARE_COUNTS_KEY, {}, isCountMap),
  (value) => writeJson(SHARE_COUNTS_KEY, value),
  {},
);

/**
 * Ids of the apps this browser reviewed: only then does the page ask the server for the visitor's
 * own review (everyone else's page makes no request after hydration).
 */
export const reviewedAppsStore = createStore<number[]>(
  () => readJson(REVIEWED_APPS_KEY, [], isIdList),
  (value) => writeJson(REVIEWED_APPS_KEY, value),
  [],
);

/** The visitor's star ratings per app, for this page session only. */
export const localRatingsStore = createStore<Record<string, number[]>>(
  () => ({}),
  () => undefined,
  {},
);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SHARE_COUNTS_KEY) shareCountsStore.refresh();
    if (event.key === REVIEWED_APPS_KEY) reviewedAppsStore.refresh();
  });
}
