import { useQuery } from '@tanstack/react-query';
import { toast } from '@client/components/ui/use-toast';
import { searchApps } from '../api/marketplace-api';
import { searchCompleteMessage } from '../lib/display';

// The server runs this query to render /?q= for every visitor with one toast store: the toasts are the browser's.
const inBrowser = typeof window !== 'undefined';

/**
 * The AI search for the query in the address (none when null), with the toasts of spec §8: "AI
 * Search Complete" on success and the destructive "Search Failed" on error.
 */
export function useAppSearch(query: string | null) {
  return useQuery({
    queryKey: ['search', query],
    enabled: query !== null,
    queryFn: async () => {
      try {
        const result = await searchApps(query ?? '');
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
        if (inBrowser) toast({ title: 'Search Failed', description: 'AI search encountered an error. Please try again.', variant: 'destructive' });
        throw error;
      }
    },
  });
}
