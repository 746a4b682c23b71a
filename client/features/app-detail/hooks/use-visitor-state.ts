import { useCallback, useSyncExternalStore } from 'react';
import { addSavedApps, useSavedAppIds } from '@client/lib/saved-apps';
import { localRatingsStore, reviewedAppsStore, shareCountsStore } from '../lib/local-store';

const EMPTY: number[] = [];

/** Whether this browser saved the app (survives reloads), and a way to mark it saved. */
export function useSavedApp(appId: number): [boolean, () => void] {
  const saved = useSavedAppIds();
  const markSaved = useCallback(() => addSavedApps([appId]), [appId]);
  return [saved.includes(appId), markSaved];
}

/** How often this browser shared the app, and a way to count one more. */
export function useShareCount(appId: number): [number, () => void] {
  const counts = useSyncExternalStore(shareCountsStore.subscribe, shareCountsStore.get, shareCountsStore.getServer);
  const countShare = useCallback(() => {
    const current = shareCountsStore.get();
    shareCountsStore.set({ ...current, [appId]: (current[appId] ?? 0) + 1 });
  }, [appId]);
  return [counts[appId] ?? 0, countShare];
}

/** The visitor's local ratings of the app and a way to add one. */
export function useLocalRatings(appId: number): [number[], (stars: number) => void] {
  const all = useSyncExternalStore(localRatingsStore.subscribe, localRatingsStore.get, localRatingsStore.getServer);
  const rate = useCallback(
    (stars: number) => {
      const current = localRatingsStore.get();
      localRatingsStore.set({ ...current, [appId]: [...(current[appId] ?? []), stars] });
    },
    [appId],
  );
  return [all[appId] ?? EMPTY, rate];
}

/** Whether this browser wrote a review of the app (kept in localStorage), and a way to mark it. */
export function useReviewedApp(appId: number): [boolean, () => void] {
  const reviewed = useSyncExternalStore(reviewedAppsStore.subscribe, reviewedAppsStore.get, reviewedAppsStore.getServer);
  const markReviewed = useCallback(() => {
    const current = reviewedAppsStore.get();
    if (!current.includes(appId)) reviewedAppsStore.set([...current, appId]);
  }, [appId]);
  return [reviewed.includes(appId), markReviewed];
}
