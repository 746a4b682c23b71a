import { lazy, Suspense } from 'react';
import { TRAY_FULL_MESSAGE, useCompareTray } from '@client/lib/compare-tray';

const CompareTrayBar = lazy(() => import('./compare-tray-bar'));

/**
 * The compare tray of every public page: the bar listing the apps picked with the Compare toggles
 * (its own chunk, loaded with the first app: most visits never compare) and a live region, always
 * mounted, so that screen readers hear every addition, removal and the limit.
 */
export function CompareTray() {
  const { apps, announcement } = useCompareTray();
  return (
    <>
      <p role="status" aria-live="polite" className="sr-only" data-testid="compare-announcement">
        {announcement}
      </p>
      {apps.length > 0 ? (
        <Suspense fallback={null}>
          <CompareTrayBar apps={apps} limitMessage={announcement === TRAY_FULL_MESSAGE ? TRAY_FULL_MESSAGE : null} />
        </Suspense>
      ) : null}
    </>
  );
}
