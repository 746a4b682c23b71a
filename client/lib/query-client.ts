import { QueryClient } from '@tanstack/react-query';

/** Spec §9: data is never stale, no refetch on focus, no polling by default, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});
