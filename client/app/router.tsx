import { Suspense, useEffect } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { NOT_FOUND_ROUTE, parsePattern, routesForHost, type PageRoute } from '@shared/page-routes';
import { Page } from './page';

/** Where the router is: the browser's address, or the request's on the server. */
export interface RouterLocation {
  hostname: string;
  /** Set on the server (the browser reads its own address). */
  ssrPath?: string;
  ssrSearch?: string;
}

/** Shown while a page's chunk loads after a navigation (plain classes: no class merging on the first load). */
function PageLoading() {
  return (
    <div role="status" aria-live="polite" className="flex items-center justify-center gap-3 py-12 text-slate-700">
      <span>Loading...</span>
    </div>
  );
}

function FullRedirect({ to }: { to: string }) {
  useEffect(() => {
    // The back office is another chunk and another host's rule: a full load, as the server's 301 does.
    window.location.replace(to);
  }, [to]);
  return null;
}

function routeElement(route: PageRoute) {
  if (route.redirect) {
    return (
      <Route key={route.path} path={route.path}>
        {route.page === 'admin-page' ? <FullRedirect to={route.redirect} /> : <Redirect to={route.redirect} />}
      </Route>
    );
  }
  return (
    <Route key={route.path} path={route.path}>
      <Page name={route.page} />
    </Route>
  );
}

/** The route table of spec §2 (`shared/page-routes.ts`) for the host, matched case-insensitively. */
export function AppRouter({ location }: { location: RouterLocation }) {
  return (
    <Router parser={parsePattern} ssrPath={location.ssrPath} ssrSearch={location.ssrSearch}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          {routesForHost(location.hostname).map(routeElement)}
          <Route>
            <Page name={NOT_FOUND_ROUTE.page} />
          </Route>
        </Switch>
      </Suspense>
    </Router>
  );
}
