import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@client/components/ui/toaster';
import { queryClient } from '@client/lib/query-client';
import { AppRouter } from './router';

/** The application: data cache, routes and the toast region. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      <Toaster />
    </QueryClientProvider>
  );
}
