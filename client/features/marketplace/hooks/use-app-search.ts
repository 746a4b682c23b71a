import { useQuery } from '@tanstack/react-query';
import { toast } from '@client/components/ui/use-toast';
import { searchApps } from '../api/marketplace-api';
import { searchCompleteMessage } from '../lib/display';
import { queryKeys } from '@client/lib/query-keys';

// The server runs this query to render /?q= for every visitor with one toast store: the toasts are the browser's.
const inBrowser = typeof window !== 'undefined';

/**
 * The AI search for the query in the address (none when null), without the chips of its understanding the
 * visitor set aside, with the toasts of spec §8: "AI Search Complete" on success and the destructive "Search
 * Failed" on error. While the same query runs again without a chip, the previous answer stays as placeholder
 * data, so its chips stay on screen (and keep the focus) until the new answer arrives.
 */
export function useAppSearch(query: string | null, without: readonly string[] = []) {
  return useQuery({
    queryKey: [...queryKeys.search, query, ...(without.length > 0 ? [without] : [])],
    enabled: query !== null,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === query ? previous : undefined),
    queryFn: async () => {
      try {
        const result = await searchApps(query ?? '', without);
        const apps = Array.isArray(result.apps) ? result.apps : [];
        if (inBrowser) {
          toast({
            title: 'AI Search Complete',
            description: searchCompleteMessage(apps.length, result.confidence),
          });
        }
        return { ...result, apps };
      } catch (error) {
        console.error('AI search failed', error);
        if (inBrowser)
          toast({
            title: 'Search Failed',
            description: 'AI search encountered an error. Please try again.',
            variant: 'destructive',
          });
        throw error;
      }
    },
  });
}
