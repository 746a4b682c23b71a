import { lazy, Suspense, useState } from 'react';
import { useToasts } from './use-toast';

const ToastRegion = lazy(() => import('./toast-region'));

/**
 * The toast region, loaded with the first toast: Radix's toast code is not part of any page's
 * first load (most visits never show a toast), and the server's HTML has no toasts to show.
 */
export function Toaster() {
  const hasToasts = useToasts().length > 0;
  const [needed, setNeeded] = useState(false);
  if (hasToasts && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null;
}
