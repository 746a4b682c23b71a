import { SIDEBAR_DEFAULT_WIDTH, SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH } from '../../../shared/constants';

export const SIDEBAR_WIDTH_STORAGE_KEY = 'aitlas.admin.sidebarWidth';
export const SIDEBAR_COLLAPSED_STORAGE_KEY = 'aitlas.admin.sidebarCollapsed';
/** Pixels moved by one arrow key press on the resize handle. */
export const SIDEBAR_KEYBOARD_STEP = 16;

/** Keeps a width within 200–400 px (spec §9); anything unusable becomes the default. */
export function clampSidebarWidth(width: number): number {
  if (!Number.isFinite(width)) return SIDEBAR_DEFAULT_WIDTH;
  return Math.min(SIDEBAR_MAX_WIDTH, Math.max(SIDEBAR_MIN_WIDTH, Math.round(width)));
}

/** The remembered width, or the default when none (or garbage) is stored. */
export function readSidebarWidth(stored: string | null): number {
  if (stored === null || stored.trim() === '') return SIDEBAR_DEFAULT_WIDTH;
  return clampSidebarWidth(Number(stored));
}

/**
 * The width after a key press on the resize handle, or null when the key does not resize
 * (arrows move by a step, Home/End jump to the limits).
 */
export function sidebarWidthForKey(width: number, key: string): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampSidebarWidth(width - SIDEBAR_KEYBOARD_STEP);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampSidebarWidth(width + SIDEBAR_KEYBOARD_STEP);
    case 'Home':
      return SIDEBAR_MIN_WIDTH;
    case 'End':
      return SIDEBAR_MAX_WIDTH;
    default:
      return null;
  }
}
