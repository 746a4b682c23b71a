import type { ReactNode } from 'react';
import { SKELETON_CARD_COUNT } from '@shared/constants';
import { AppCardSkeleton } from './app-card';

/** The responsive card grid: 1 column on phones, 2 on tablets, 3 on large screens. */
export function AppGrid({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div aria-busy={busy || undefined} className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {children}
    </div>
  );
}

/** Six skeleton cards while apps load (spec §4 Marketplace loading). */
export function SkeletonGrid() {
  return (
    <AppGrid busy>
      {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
        <AppCardSkeleton key={index} />
      ))}
    </AppGrid>
  );
}
