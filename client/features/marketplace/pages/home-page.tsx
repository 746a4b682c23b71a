import { SiteFooter } from '@client/components/layout/site-footer';
import { SiteNav } from '@client/components/layout/site-nav';

/** Placeholder until the home page lands. */
export function HomePage() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteNav active="marketplace" />
      <main id="main" className="flex-1 px-4 py-16 text-center">
        <h1 className="text-4xl font-bold">Discover AI Tools with Intelligence</h1>
      </main>
      <SiteFooter />
    </div>
  );
}
