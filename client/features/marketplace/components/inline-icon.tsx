/**
 * lucide's outlines for the home page's few icons, drawn here: the other screens use those lucide icons too,
 * so rolldown would load each one as a file of its own on the home page's budgeted first load (decision 0011).
 * Same 24-unit grid and stroke as lucide, so they look the same.
 */
export const ICON_PATHS = {
  remove: 'M18 6 6 18M6 6l12 12',
  add: 'M5 12h14M12 5v14',
  chevronDown: 'm6 9 6 6 6-6',
  chevronLeft: 'm15 18-6-6 6-6',
  chevronRight: 'm9 18 6-6-6-6',
  search: 'm21 21-4.34-4.34M19 11a8 8 0 1 1-16 0 8 8 0 0 1 16 0',
  caution: 'm21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3M12 9v4M12 17h.01',
} as const;

/** A decorative icon (hidden from assistive technology: the text or label beside it says what it means). */
export function InlineIcon({ name, className }: { name: keyof typeof ICON_PATHS; className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
