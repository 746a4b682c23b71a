import { QueryClientProvider } from '@tanstack/react-query';
import { CompareTray } from '@client/components/compare/compare-tray';
import { Toaster } from '@client/components/ui/toaster';
import { isAdminHost } from '@client/lib/host';
import { queryClient } from '@client/lib/query-client';
import { AppRouter } from './router';

/** The application: data cache, routes, the compare tray of the public site and the toast region. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      {isAdminHost() ? null : <CompareTray />}
      <Toaster />
    </QueryClientProvider>
  );
}
