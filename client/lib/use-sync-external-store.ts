// Stands in for the use-sync-external-store shim in the browser's build (vite.config.ts): the shim
// only backs the hook for React < 18 and would ship its fallback to every page.
export { useSyncExternalStore } from 'react';
