import { Shield, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { adminUrl, isAdminHost, siteUrl } from '@client/lib/host';
import { useSavedAppIds } from '@client/lib/saved-apps';
import { useHydrated } from '@client/lib/use-hydrated';

// Plain class strings: the navigation is on every page's first paint, so it stays light.
const navItem = (current: boolean) =>
  `inline-flex h-10 items-center rounded-md px-2 text-sm font-medium transition-colors sm:px-4 ${current ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'}`;

/**
 * The top navigation: logo, Marketplace, Blog, Saved (with this browser's count), and the Admin button that stays hidden until the
 * visitor presses Ctrl+Shift+A (spec §2 Home).
 */
export function SiteNav({ active }: { active?: 'marketplace' | 'blog' | 'saved' }) {
  const savedCount = useSavedAppIds().length;
  const [showAdmin, setShowAdmin] = useState(false);
  // The page's parts hydrate one Suspense boundary at a time: the header says when its shortcut listens.
  const hydrated = useHydrated();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.shiftKey && event.key.toLowerCase() === 'a') {
        event.preventDefault();
        setShowAdmin(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <header
      data-hydrated={hydrated ? 'true' : undefined}
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur"
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white">
            <Sparkles className="size-5" aria-hidden="true" />
          </span>
          Aitlas
        </Link>
        <div className="flex items-center gap-1 sm:gap-2">
          {isAdminHost() ? (
            // The app. host serves only the back office (its 404 page shows this bar): the public pages live on the site's host.
            <>
              <a href={siteUrl()} className={navItem(false)}>
                Marketplace
              </a>
              <a href={`${siteUrl()}blog`} className={navItem(false)}>
                Blog
              </a>
            </>
          ) : (
            <>
              <Link
                href="/"
                aria-current={active === 'marketplace' ? 'page' : undefined}
                className={navItem(active === 'marketplace')}
              >
                Marketplace
              </Link>
              <Link href="/blog" aria-current={active === 'blog' ? 'page' : undefined} className={navItem(active === 'blog')}>
                Blog
              </Link>
              <Link
                href="/saved"
                aria-current={active === 'saved' ? 'page' : undefined}
                className={`${navItem(active === 'saved')} gap-1.5`}
              >
                Saved
                {savedCount > 0 ? (
                  <span
                    data-testid="saved-count"
                    className="rounded-full bg-brand-600 px-1.5 text-xs font-semibold leading-5 text-white"
                  >
                    {savedCount}
                    <span className="sr-only"> apps</span>
                  </span>
                ) : null}
              </Link>
            </>
          )}
          {showAdmin ? (
            <a
              href={adminUrl()}
              className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 transition-colors hover:bg-slate-50"
            >
              <Shield className="size-4" aria-hidden="true" />
              Admin
            </a>
          ) : null}
        </div>
      </nav>
    </header>
  );
}
