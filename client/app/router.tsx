import { parse } from 'regexparam';
import { lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { Spinner } from '@client/components/ui/spinner';
import { isAdminHost } from '@client/lib/host';
import { HomePage } from '@client/features/marketplace/pages/home-page';
import { NotFoundPage } from '@client/components/layout/not-found-page';

// Everything but the home page is split out; the admin area is its own chunk, never loaded by a visitor.
const AppDetailPage = lazy(() => import('@client/features/app-detail/pages/app-detail-page'));
const AlternativesPage = lazy(() => import('@client/features/alternatives/pages/alternatives-page'));
const ComparePage = lazy(() => import('@client/features/compare/pages/compare-page'));
const PrivacyPolicyPage = lazy(() => import('@client/features/legal/pages/privacy-policy-page'));
const TermsOfServicePage = lazy(() => import('@client/features/legal/pages/terms-of-service-page'));
const BlogListPage = lazy(() => import('@client/features/blog/pages/blog-list-page'));
const BlogPostPage = lazy(() => import('@client/features/blog/pages/blog-post-page'));
const AdminPage = lazy(() => import('@client/app/admin/admin-page'));
const AppEditPage = lazy(() => import('@client/app/admin/app-edit-page'));
const LoginPage = lazy(() => import('@client/features/auth/pages/login-page'));
const AuthTestPage = lazy(() => import('@client/features/auth/pages/auth-test-page'));

/** Path matching is case-insensitive (spec §2). */
function caseInsensitiveParser(route: string, loose?: boolean) {
  const { pattern, keys } = parse(route, loose);
  return { pattern: new RegExp(pattern.source, 'i'), keys };
}

function DirectAdminRedirect() {
  useEffect(() => {
    window.location.replace('/admin');
  }, []);
  return null;
}

/** The route table of spec §2; it depends on the host. */
export function AppRouter() {
  const adminHost = isAdminHost();
  return (
    <Router parser={caseInsensitiveParser}>
      <Suspense fallback={<Spinner label="Loading..." />}>
        {adminHost ? (
          <Switch>
            <Route path="/" component={AdminPage} />
            <Route path="/admin" component={AdminPage} />
            {/* Cookies are per host: an admin signs in on the app. host itself (GET /api/login redirects here). */}
            <Route path="/login" component={LoginPage} />
            <Route path="/app/:id/edit" component={AppEditPage} />
            <Route path="/admin/app/:id" component={AppDetailPage} />
            <Route path="/app/:id" component={AppDetailPage} />
            <Route component={NotFoundPage} />
          </Switch>
        ) : (
          <Switch>
            <Route path="/" component={HomePage} />
            <Route path="/blog" component={BlogListPage} />
            <Route path="/blog/:slug" component={BlogPostPage} />
            <Route path="/privacy-policy" component={PrivacyPolicyPage} />
            <Route path="/terms-of-service" component={TermsOfServicePage} />
            <Route path="/auth-test" component={AuthTestPage} />
            <Route path="/admin" component={AdminPage} />
            <Route path="/login" component={LoginPage} />
            <Route path="/app/:id/edit" component={AppEditPage} />
            <Route path="/admin/app/:id" component={AppDetailPage} />
            <Route path="/app/:id" component={AppDetailPage} />
            <Route path="/ai-apps/:categorySlug/:nameSlug" component={AppDetailPage} />
            <Route path="/ai-apps/:categorySlug/:nameSlug/alternatives" component={AlternativesPage} />
            <Route path="/compare/:pair" component={ComparePage} />
            <Route path="/direct-admin.html" component={DirectAdminRedirect} />
            <Route path="/index.html">
              <Redirect to="/" />
            </Route>
            <Route component={NotFoundPage} />
          </Switch>
        )}
      </Suspense>
    </Router>
  );
}
