import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useParams } from 'wouter';
import { NotFoundPage } from '@client/components/layout/not-found-page';
import { PublicPageFrame } from '@client/components/layout/public-page-frame';
import { LoadError } from '@client/components/ui/load-error';
import { Spinner } from '@client/components/ui/spinner';
import { queryKeys } from '@client/lib/query-keys';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { App } from '@shared/schemas/app';
import { comparePageTitle, versusHeading } from '@shared/tool-pages';
import { fetchComparison, slugsOfComparison } from '../api/compare-api';
import { ComparisonTable } from '../components/comparison-table';

/** "A vs B vs C". */
function versus(apps: App[]): string {
  return versusHeading(apps.map((app) => app.name));
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path).toLowerCase();
  } catch {
    return path.toLowerCase();
  }
}

/** `/compare/{a}-vs-{b}[-vs-…]`: 2 to 4 published apps side by side. */
export default function ComparePage() {
  const { pair = '' } = useParams<{ pair: string }>();
  const [location, navigate] = useLocation();
  const slugs = slugsOfComparison(pair);
  const comparison = useQuery({
    queryKey: [...queryKeys.compare, slugs.map((slug) => slug.toLowerCase()).sort()],
    queryFn: () => fetchComparison(slugs),
  });
  const data = comparison.data ?? null;
  useDocumentTitle(
    data ? comparePageTitle(data.apps.map((app) => app.name)) : comparison.isPending ? 'Loading comparison' : null,
  );

  // One URL per set of apps: the server redirects page loads, the client its own navigations.
  useEffect(() => {
    if (data && decodePath(location) !== decodePath(data.path)) navigate(data.path, { replace: true });
  }, [data, location, navigate]);

  // A set that collapses to one app (the same slug twice) is no comparison.
  if (comparison.isSuccess && (!data || data.apps.length < 2)) return <NotFoundPage />;
  return (
    <PublicPageFrame>
      {comparison.isPending ? (
        <Spinner label="Loading comparison..." className="min-h-screen items-start pt-32" />
      ) : comparison.isError || !data ? (
        <LoadError
          size="page"
          message="The comparison could not be loaded."
          onRetry={() => void comparison.refetch()}
          className="mx-auto mt-16 max-w-xl"
        />
      ) : (
        <>
          <header>
            <h1 className="break-words text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{versus(data.apps)}</h1>
            <p className="mt-2 max-w-3xl text-slate-700">
              {data.apps.length} AI tools side by side: facts, features and use cases, with what only one of them offers marked.
            </p>
          </header>
          <div className="mt-6">
            <ComparisonTable comparison={data} caption={`Comparison of ${versus(data.apps)}`} />
          </div>
        </>
      )}
    </PublicPageFrame>
  );
}
