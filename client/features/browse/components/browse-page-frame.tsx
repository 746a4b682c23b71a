import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PublicPageFrame } from '@client/components/layout/public-page-frame';
import { LoadError } from '@client/components/ui/load-error';
import { Spinner } from '@client/components/ui/spinner';

/** A step of the breadcrumb trail above the page's own name; the trail starts at Home. */
export interface Crumb {
  label: string;
  href: string;
}

/**
 * The frame of a category or task page: the spinner while its data loads, the page-sized error with a
 * retry when it fails (or answers nothing), else the breadcrumb trail (Home, the crumbs, then the page
 * itself) and the page's content.
 */
export function BrowsePageFrame({
  pending,
  failed,
  errorMessage,
  onRetry,
  crumbs,
  current,
  children,
}: {
  pending: boolean;
  failed: boolean;
  errorMessage: string;
  onRetry: () => void;
  crumbs: Crumb[];
  /** The page's own name, last in the trail. */
  current: string;
  children: () => ReactNode;
}) {
  return (
    <PublicPageFrame>
      {pending ? (
        <Spinner label="Loading apps..." className="min-h-screen items-start pt-32" />
      ) : failed ? (
        <LoadError size="page" message={errorMessage} onRetry={onRetry} className="mx-auto mt-16 max-w-xl" />
      ) : (
        <>
          <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
            <ol className="flex flex-wrap items-center gap-2">
              {[{ label: 'Home', href: '/' }, ...crumbs].map((crumb) => [
                <li key={crumb.href}>
                  <Link href={crumb.href} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                    {crumb.label}
                  </Link>
                </li>,
                <li key={`${crumb.href}/`} aria-hidden="true">
                  /
                </li>,
              ])}
              <li aria-current="page">{current}</li>
            </ol>
          </nav>
          {children()}
        </>
      )}
    </PublicPageFrame>
  );
}
