import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { SiteFooter } from '@client/components/layout/site-footer';
import { SiteNav } from '@client/components/layout/site-nav';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** "404 Page Not Found" (the server also answers such paths with HTTP 404). */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="flex min-h-screen flex-col">
      <SiteNav />
      <main id="main" className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
        <Compass className="size-12 text-brand-600" aria-hidden="true" />
        <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="text-slate-700">The page you are looking for does not exist or has moved.</p>
        <Link
          href="/"
          className="mt-2 inline-flex h-11 items-center rounded-xl bg-brand-600 px-5 font-semibold text-white transition-colors hover:bg-brand-700"
        >
          Back to Home
        </Link>
      </main>
      <SiteFooter />
    </div>
  );
}

export default NotFoundPage;
