import { ArrowLeft, Eye, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { SiteFooter } from '@client/components/layout/site-footer';
import { SiteNav } from '@client/components/layout/site-nav';
import { Spinner } from '@client/components/ui/spinner';
import { LoadError } from '@client/components/ui/load-error';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { App } from '@shared/schemas/app';
import { SignInRequiredError, type AppRef } from '../api/app-detail-api';
import { AppFreshness } from '@client/components/app-freshness';
import { AlternativesSection } from '../components/alternatives-section';
import { AppBestFor } from '../components/app-best-for';
import { AppHero } from '../components/app-hero';
import { DefunctNotice, LastChecked } from '../components/link-status';
import { ClaimListing } from '../components/claim-listing';
import { ReportProblemButton } from '../components/report-problem-button';
import { ClosingCta, Faq, GetAccess, KeyFeatures, LivePreview, UseCases } from '../components/app-sections';
import { UserReviews } from '../components/user-reviews';
import { useAppDetail } from '../hooks/use-app-detail';

type RouteParams = { id?: string; categorySlug?: string; nameSlug?: string };

function refOf(params: RouteParams): AppRef {
  if (params.id !== undefined) return { id: params.id };
  return { categorySlug: params.categorySlug ?? '', nameSlug: params.nameSlug ?? '' };
}

function TopBar({ admin }: { admin: boolean }) {
  const [, navigate] = useLocation();
  const back = () => {
    // Opened directly (new tab, shared link): there is no page to go back to.
    if (window.history.length > 1) window.history.back();
    else navigate(admin ? '/admin' : '/');
  };
  return (
    <div className="flex items-center justify-between gap-4">
      <button
        type="button"
        onClick={back}
        className="inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 transition-colors hover:bg-white hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {admin ? 'Back to Admin' : 'Back to Marketplace'}
      </button>
      {admin ? <span className="rounded-full bg-slate-900 px-3 py-1 text-xs font-semibold text-white">Admin Preview</span> : null}
    </div>
  );
}

function PreviewBanner({ app }: { app: App }) {
  return (
    <div role="note" className="flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <Eye className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-semibold">Preview mode.</span> Status:{' '}
        <span className="font-semibold capitalize" data-testid="preview-status">
          {app.status}
        </span>
        . This is how the app will appear after publication.
      </p>
    </div>
  );
}

function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-24 text-center">
      <SearchX className="size-12 text-slate-400" aria-hidden="true" />
      <h1 className="text-3xl font-bold text-slate-900">App Not Found</h1>
      <p className="text-slate-700">The app you are looking for does not exist or is no longer listed.</p>
      <Link
        href="/"
        className="inline-flex h-11 items-center rounded-xl bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
      >
        Back to Marketplace
      </Link>
    </div>
  );
}

/**
 * The app page at /ai-apps/:categorySlug/:nameSlug, /app/:id and /admin/app/:id (spec §2 App detail).
 * Admin mode (path /admin/app/… or ?preview=true) shows the preview banner and loads through the
 * admin API, which also returns apps that are not published.
 */
export default function AppDetailPage() {
  const params = useParams<RouteParams>();
  const [location] = useLocation();
  const search = useSearch();
  const adminPath = location.toLowerCase().startsWith('/admin/app/');
  const admin = adminPath || new URLSearchParams(search).get('preview') === 'true';
  const ref = refOf(params);
  const detail = useAppDetail(ref, { admin, adminPath });
  const app = detail.data ?? null;
  const signInRequired = detail.error instanceof SignInRequiredError;
  useDocumentTitle(app ? `${app.name}: ${app.category} AI Tool` : detail.isPending ? 'Loading app' : 'App Not Found');

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  useEffect(() => {
    if (!signInRequired) return;
    try {
      // The sign-in page returns here afterwards (the key the auth screens share).
      window.sessionStorage.setItem('aitlas.auth.returnTo', `${window.location.pathname}${window.location.search}`);
    } catch {
      // Storage may be unavailable (privacy mode): sign-in then lands on /admin.
    }
    window.location.assign('/api/login');
  }, [signInRequired]);

  return (
    <div className="flex min-h-screen flex-col">
      <SiteNav />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:py-8">
        <TopBar admin={admin} />
        {detail.isPending || signInRequired ? (
          // As tall as the screen, so the footer does not jump when the page arrives.
          <Spinner label="Loading app details..." className="min-h-screen items-start pt-32" />
        ) : detail.isError ? (
          <LoadError
            size="page"
            className="mx-auto mt-16 max-w-xl"
            message="The app could not be loaded."
            onRetry={() => void detail.refetch()}
          />
        ) : !app ? (
          <NotFound />
        ) : (
          <div className="mt-4 flex flex-col gap-6">
            {admin ? <PreviewBanner app={app} /> : null}
            <DefunctNotice app={app} />
            <AppHero key={app.id} app={app} />
            <LivePreview app={app} />
            <KeyFeatures app={app} />
            <UseCases app={app} />
            <GetAccess app={app} />
            {admin ? null : <AlternativesSection app={app} />}
            {admin ? null : <AppBestFor app={app} />}
            {/* Reviews belong to published apps; a preview of a pending one has none. */}
            {app.status === 'published' ? <UserReviews app={app} /> : null}
            <Faq app={app} />
            <ClosingCta app={app} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex flex-col gap-1">
                <AppFreshness app={app} className="text-sm text-slate-700" />
                <LastChecked app={app} />
              </div>
              {admin ? null : (
                <div className="flex flex-wrap items-center gap-3">
                  <ClaimListing app={app} />
                  <ReportProblemButton app={app} />
                </div>
              )}
            </div>
          </div>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
