import { useCallback, useEffect, useState } from 'react';
import { clampSidebarWidth, readSidebarWidth, SIDEBAR_COLLAPSED_STORAGE_KEY, SIDEBAR_WIDTH_STORAGE_KEY } from './sidebar-width';

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

const NARROW_SCREEN_QUERY = '(max-width: 767px)';

/** The sidebar's width (200–400 px) and collapsed state, remembered in localStorage. */
export function useSidebarLayout() {
  const [width, setWidthState] = useState(() => readSidebarWidth(readStorage(SIDEBAR_WIDTH_STORAGE_KEY)));
  // Until the curator chooses, a phone starts collapsed: an open 256 px sidebar leaves a 390 px screen too little room.
  const [collapsed, setCollapsed] = useState(() => {
    const stored = readStorage(SIDEBAR_COLLAPSED_STORAGE_KEY);
    return stored === null ? window.matchMedia(NARROW_SCREEN_QUERY).matches : stored === 'true';
  });

  useEffect(() => writeStorage(SIDEBAR_WIDTH_STORAGE_KEY, String(width)), [width]);

  const setWidth = useCallback((next: number) => setWidthState(clampSidebarWidth(next)), []);
  // Stored only once chosen, so that the screen-size default applies until then.
  const toggleCollapsed = useCallback(
    () =>
      setCollapsed((value) => {
        writeStorage(SIDEBAR_COLLAPSED_STORAGE_KEY, String(!value));
        return !value;
      }),
    [],
  );
  return { width, setWidth, collapsed, toggleCollapsed };
}
