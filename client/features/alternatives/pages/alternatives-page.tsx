import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { NotFoundPage } from '@client/components/layout/not-found-page';
import { AlternativeCard } from '@client/components/alternative-card';
import { PublicPageFrame } from '@client/components/layout/public-page-frame';
import { LoadError } from '@client/components/ui/load-error';
import { Spinner } from '@client/components/ui/spinner';
import { useAlternatives } from '@client/lib/alternatives-api';
import { cn } from '@client/lib/cn';
import { alternativesPageTitle, pricingName } from '@shared/tool-pages';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { PRICING_TYPES, type PricingType } from '@shared/constants';
import { ALTERNATIVES_PAGE_LIMIT, alternativesPath } from '@shared/tool-paths';
import type { App } from '@shared/schemas/app';
import { appPath } from '@shared/slug';
import { fetchPublicAppBySlug } from '../api/alternatives-page-api';
import { queryKeys } from '@client/lib/query-keys';

type RouteParams = { categorySlug: string; nameSlug: string };

/** The pricing filter of the URL (`?pricing=free`); anything else means every pricing. */
function pricingOf(search: string): PricingType | undefined {
  const value = new URLSearchParams(search).get('pricing')?.toLowerCase();
  return PRICING_TYPES.find((pricing) => pricing === value);
}

/** Pricing filters as links, so every filtered list has its own URL (and works without JavaScript). */
function PricingFilter({ app, active }: { app: App; active: PricingType | undefined }) {
  const base = alternativesPath(app);
  const options: { label: string; href: string; pricing: PricingType | undefined }[] = [
    { label: 'All pricing', href: base, pricing: undefined },
    ...PRICING_TYPES.map((pricing) => ({ label: pricingName(pricing), href: `${base}?pricing=${pricing}`, pricing })),
  ];
  return (
    <nav aria-label="Filter by pricing" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => {
          const current = option.pricing === active;
          return (
            <li key={option.label}>
              <Link
                href={option.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'inline-flex h-10 items-center rounded-full border px-4 text-sm font-semibold transition-colors',
                  current
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-brand-500 hover:text-brand-700',
                )}
              >
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function AlternativesList({ app, pricing }: { app: App; pricing: PricingType | undefined }) {
  const alternatives = useAlternatives(app.id, { limit: ALTERNATIVES_PAGE_LIMIT, pricing });
  if (alternatives.isPending) return <Spinner label="Loading alternatives..." />;
  if (alternatives.isError) {
    return <LoadError size="page" message="The alternatives could not be loaded." onRetry={() => void alternatives.refetch()} />;
  }
  const list = alternatives.data.alternatives;
  if (list.length === 0) {
    return (
      <div
        className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700"
        data-testid="alternatives-empty"
      >
        <h2 className="text-lg font-semibold text-slate-900">
          {pricing
            ? `No ${pricingName(pricing).toLowerCase()} alternatives to ${app.name} yet`
            : `No alternatives to ${app.name} yet`}
        </h2>
        <p className="mt-2">
          {pricing
            ? 'No app in the catalogue with this pricing can do the same job. Try another pricing.'
            : 'No other app in the catalogue does the same job yet. New apps are added every week.'}
        </p>
        <p className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2 font-semibold text-brand-700">
          {pricing ? (
            <Link href={alternativesPath(app)} className="underline underline-offset-4 hover:text-brand-800">
              Show alternatives with any pricing
            </Link>
          ) : null}
          <Link href={appPath(app)} className="underline underline-offset-4 hover:text-brand-800">
            Back to {app.name}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <p className="mb-4 text-sm text-slate-600" data-testid="alternatives-count">
        {list.length === 1 ? '1 alternative' : `${list.length} alternatives`}, closest first
      </p>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {list.map((alternative) => (
          <li key={alternative.id}>
            <AlternativeCard app={alternative} headingLevel={2} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** `/ai-apps/{categorySlug}/{nameSlug}/alternatives`: every app that can replace this one, filterable by pricing. */
export default function AlternativesPage() {
  const params = useParams<RouteParams>();
  const pricing = pricingOf(useSearch());
  const appQuery = useQuery({
    queryKey: [...queryKeys.appDetail, 'slug', params.categorySlug.toLowerCase(), params.nameSlug.toLowerCase(), 'public'],
    queryFn: () => fetchPublicAppBySlug(params.categorySlug, params.nameSlug),
  });
  const app = appQuery.data ?? null;
  useDocumentTitle(app ? alternativesPageTitle(app.name, pricing) : appQuery.isPending ? 'Loading alternatives' : null);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [params.categorySlug, params.nameSlug]);

  if (appQuery.isSuccess && !app) return <NotFoundPage />;
  return (
    <PublicPageFrame>
      {appQuery.isPending ? (
        <Spinner label="Loading alternatives..." className="min-h-screen items-start pt-32" />
      ) : appQuery.isError || !app ? (
        <LoadError
          size="page"
          message="The app could not be loaded."
          onRetry={() => void appQuery.refetch()}
          className="mx-auto mt-16 max-w-xl"
        />
      ) : (
        <>
          <Link
            href={appPath(app)}
            className="inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-white hover:text-slate-900"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to {app.name}
          </Link>
          <header className="mt-4">
            <h1 className="break-words text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
              {alternativesPageTitle(app.name, pricing)}
            </h1>
            <p className="mt-2 max-w-3xl text-slate-700">
              AI tools that can replace {app.name} ({app.category}) for its main job, with what they share.
            </p>
            <PricingFilter app={app} active={pricing} />
          </header>
          <section aria-label="Alternatives" className="mt-8">
            <AlternativesList app={app} pricing={pricing} />
          </section>
        </>
      )}
    </PublicPageFrame>
  );
}
