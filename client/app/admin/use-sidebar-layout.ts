import { useCallback, useEffect, useState } from 'react';
import {
  clampSidebarWidth,
  readSidebarWidth,
  SIDEBAR_COLLAPSED_STORAGE_KEY,
  SIDEBAR_WIDTH_STORAGE_KEY,
} from './sidebar-width';

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Without storage the layout simply is not remembered.
  }
}

/** The sidebar's width (200–400 px) and collapsed state, remembered in localStorage. */
export function useSidebarLayout() {
  const [width, setWidthState] = useState(() => readSidebarWidth(readStorage(SIDEBAR_WIDTH_STORAGE_KEY)));
  const [collapsed, setCollapsed] = useState(() => readStorage(SIDEBAR_COLLAPSED_STORAGE_KEY) === 'true');

  useEffect(() => writeStorage(SIDEBAR_WIDTH_STORAGE_KEY, String(width)), [width]);
  useEffect(() => writeStorage(SIDEBAR_COLLAPSED_STORAGE_KEY, String(collapsed)), [collapsed]);

  const setWidth = useCallback((next: number) => setWidthState(clampSidebarWidth(next)), []);
  const toggleCollapsed = useCallback(() => setCollapsed((value) => !value), []);
  return { width, setWidth, collapsed, toggleCollapsed };
}
