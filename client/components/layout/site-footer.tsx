import { Link } from 'wouter';
import { isAdminHost, siteUrl } from '@client/lib/host';

const LINK = 'hover:text-slate-900 hover:underline';
const FOOTER_LINKS = [
  { path: '/', label: 'Marketplace' },
  { path: '/blog', label: 'Blog' },
  { path: '/submit', label: 'Submit a tool' },
  { path: '/privacy-policy', label: 'Privacy Policy' },
  { path: '/terms-of-service', label: 'Terms of Service' },
] as const;

/** The footer: blog and legal links, the copyright line with the current year, the built-by credit. */
export function SiteFooter() {
  const onAdminHost = isAdminHost();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 sm:px-6 lg:px-8 text-sm text-slate-700 sm:flex-row">
        <nav aria-label="Footer" className="flex flex-wrap items-center gap-4">
          {FOOTER_LINKS.map(({ path, label }) =>
            onAdminHost ? (
              // The app. host serves only the back office (its 404 page shows this footer): these pages live on the site's host.
              <a key={path} href={`${siteUrl()}${path.slice(1)}`} className={LINK}>
                {label}
              </a>
            ) : (
              <Link key={path} href={path} className={LINK}>
                {label}
              </Link>
            ),
          )}
        </nav>
        <p>
          © {new Date().getFullYear()} Aitlas. All rights reserved. Built by{' '}
          <a
            href="https://github.com/aitlas"
            className="underline underline-offset-2 hover:text-slate-900"
            rel="noopener noreferrer"
            target="_blank"
          >
            the Aitlas team
          </a>
          .
        </p>
      </div>
    </footer>
  );
}
