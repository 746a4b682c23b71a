import { Link } from 'wouter';

/** The footer: blog and legal links, the copyright line with the current year, the built-by credit. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 sm:px-6 lg:px-8 text-sm text-slate-700 sm:flex-row">
        <nav aria-label="Footer" className="flex flex-wrap items-center gap-4">
          <Link href="/" className="hover:text-slate-900 hover:underline">
            Marketplace
          </Link>
          <Link href="/blog" className="hover:text-slate-900 hover:underline">
            Blog
          </Link>
          <Link href="/submit" className="hover:text-slate-900 hover:underline">
            Submit a tool
          </Link>
          <Link href="/privacy-policy" className="hover:text-slate-900 hover:underline">
            Privacy Policy
          </Link>
          <Link href="/terms-of-service" className="hover:text-slate-900 hover:underline">
            Terms of Service
          </Link>
        </nav>
        <p>
          © {new Date().getFullYear()} Aitlas. All rights reserved. Built by{' '}
          <a href="https://github.com/aitlas" className="underline underline-offset-2 hover:text-slate-900" rel="noopener noreferrer" target="_blank">
            the Aitlas team
          </a>
          .
        </p>
      </div>
    </footer>
  );
}
