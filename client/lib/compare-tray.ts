import { useSyncExternalStore } from 'react';
import { COMPARE_MAX_APPS } from '@shared/tool-paths';
import type { App } from '@shared/schemas/app';

/** What the tray keeps of an app: enough to list it and to build the comparison path. */
export type TrayApp = Pick<App, 'id' | 'name' | 'nameSlug'>;

/** The tray's apps and the last thing said about them (read by the tray's polite live region). */
export interface CompareTrayState {
  apps: TrayApp[];
  announcement: string;
}

// Session storage: the tray follows the visitor across pages and reloads of this tab, not across visits.
const STORAGE_KEY = 'aitlas.compare.tray';

function isTrayApp(value: unknown): value is TrayApp {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.id === 'number' && typeof item.name === 'string' && typeof item.nameSlug === 'string';
}

function readStored(): TrayApp[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isTrayApp).slice(0, COMPARE_MAX_APPS) : [];
  } catch {
    // Storage unavailable (privacy mode) or corrupted: start empty.
    return [];
  }
}

let state: CompareTrayState | null = null;
const listeners = new Set<() => void>();

function current(): CompareTrayState {
  state ??= { apps: typeof window === 'undefined' ? [] : readStored(), announcement: '' };
  return state;
}

function update(apps: TrayApp[], announcement: string): void {
  state = { apps, announcement };
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(apps.map(({ id, name, nameSlug }) => ({ id, name, nameSlug }))));
  } catch {
    // The tray still works for this page without storage.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same session (duplicated tab) does not share sessionStorage events; nothing to sync.
  return () => listeners.delete(listener);
}

/** The message shown when a fifth app is added. */
export const TRAY_FULL_MESSAGE = `You can compare up to ${COMPARE_MAX_APPS} apps. Remove one from the compare tray to add another.`;

/** Adds an app, or explains why not when the tray is full. Returns whether it is in the tray afterwards. */
export function addToCompare(app: TrayApp): boolean {
  const { apps } = current();
  if (apps.some((item) => item.id === app.id)) return true;
  if (apps.length >= COMPARE_MAX_APPS) {
    update(apps, TRAY_FULL_MESSAGE);
    return false;
  }
  const next = [...apps, { id: app.id, name: app.name, nameSlug: app.nameSlug }];
  update(next, `${app.name} added to compare (${next.length} of ${COMPARE_MAX_APPS}).`);
  return true;
}

/** Removes an app from the tray. */
export function removeFromCompare(appId: number): void {
  const { apps } = current();
  const removed = apps.find((item) => item.id === appId);
  if (!removed) return;
  const next = apps.filter((item) => item.id !== appId);
  update(next, `${removed.name} removed from compare (${next.length} of ${COMPARE_MAX_APPS}).`);
}

/** Empties the tray. */
export function clearCompare(): void {
  update([], 'Compare tray cleared.');
}

const SERVER_STATE: CompareTrayState = { apps: [], announcement: '' };

/** The compare tray, shared by every page of the tab (empty in the server's HTML and during hydration). */
export function useCompareTray(): CompareTrayState {
  return useSyncExternalStore(subscribe, current, () => SERVER_STATE);
}
