import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the server's HTML and during hydration, true once React runs in the browser. Pages use
 * it for progressive enhancement: a real link or an enabled form without JavaScript, the richer
 * control once scripts run, with no hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
