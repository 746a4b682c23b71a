import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { CompareTray } from '@client/components/compare/compare-tray';
import { IconSprite } from '@client/components/icon-sprite';
import { Toaster } from '@client/components/ui/toaster';
import { isAdminHostname } from '@shared/page-routes';
import { AppRouter, type RouterLocation } from './router';

/**
 * The application: the icon sprite (first, so the cards' icons refer to symbols above them), data cache, routes, the compare tray of the public site and the toast region.
 * The browser and the server render the same tree; only the query client and the location differ.
 */
export function App({ queryClient, location }: { queryClient: QueryClient; location: RouterLocation }) {
  return (
    <QueryClientProvider client={queryClient}>
      <IconSprite />
      <AppRouter location={location} />
      {isAdminHostname(location.hostname) ? null : <CompareTray />}
      <Toaster />
    </QueryClientProvider>
  );
}
