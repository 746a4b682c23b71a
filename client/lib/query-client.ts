import { QueryClient } from '@tanstack/react-query';

/** Spec §9: data is never stale, no refetch on focus, no polling by default, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

/** The browser's one query client (the server makes one per rendered page). */
export const queryClient = createQueryClient();
