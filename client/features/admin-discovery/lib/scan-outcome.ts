import { countOf, pluralize } from '@shared/pluralize';
import type { DiscoveryRunResult } from '@shared/schemas/discovery';

/**
 * What a finished scan says: the spec's "AI Discovery Completed" only when nothing failed; "Failed" when errors
 * stopped it from adding any app, "Completed with N errors" otherwise, each with the first error.
 */
export function scanOutcomeToast(result: DiscoveryRunResult): { title: string; description: string; variant?: 'destructive' } {
  const summary = `Found ${countOf(result.discovered, 'app')}, processed ${result.processed} new ${pluralize(result.processed, 'one')}.`;
  if (result.errors === 0) return { title: 'AI Discovery Completed', description: summary };
  const firstError = result.firstError ? ` First error: ${result.firstError}` : '';
  if (result.processed === 0) {
    return {
      title: 'AI Discovery Failed',
      description: `${countOf(result.errors, 'error')}, no new apps.${firstError}`,
      variant: 'destructive',
    };
  }
  return { title: `AI Discovery Completed with ${countOf(result.errors, 'error')}`, description: `${summary}${firstError}` };
}
