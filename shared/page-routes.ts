/**
 * The one route table of the site (spec §2): which page each path shows on each host, whether the
 * server renders it, and which pages the sitemap lists. The browser's router, the server renderer
 * (page, head, status, preload hints) and the sitemap all read it; nothing else knows the pages.
 */

/** A page module of the client; each is its own lazily loaded chunk named after it. */
export type PageName =
  | 'home-page'
  | 'blog-list-page'
  | 'blog-post-page'
  | 'privacy-policy-page'
  | 'terms-of-service-page'
  | 'app-detail-page'
  | 'alternatives-page'
  | 'compare-page'
  | 'submit-page'
  | 'manage-page'
  | 'category-page'
  | 'task-index-page'
  | 'task-page'
  | 'saved-page'
  | 'stack-page'
  | 'auth-test-page'
  | 'login-page'
  | 'admin-page'
  | 'app-edit-page'
  | 'not-found-page';

/** Which head (title, canonical, JSON-LD, status) a route has; the server resolves it with the route's data. */
export type HeadKind =
  | 'home'
  | 'blog'
  | 'privacy-policy'
  | 'terms-of-service'
  | 'app-by-id'
  | 'app-by-slug'
  | 'alternatives'
  | 'compare'
  | 'submit'
  | 'category'
  | 'task-index'
  | 'task'
  | 'saved'
  | 'stack'
  | 'private'
  | 'not-found';

/** One row of the route table. */
export interface PageRoute {
  /** Path pattern: static segments and `:name` parameters, matched case-insensitively, trailing slash allowed. */
  path: string;
  page: PageName;
  head: HeadKind;
  /** Title of a private page (noindex); also the head of client-rendered screens. */
  privateTitle?: string;
  /** Server-rendered with its data (public pages) or only the shell (the back office, sign-in). */
  render: 'server' | 'client';
  /** A moved path: the server answers 301 and the browser replaces the address. */
  redirect?: string;
  /** Listed in the pages sitemap (with how its last modification is known). */
  sitemap?: 'apps' | 'blog' | 'legal';
}

/** The public site's routes (the host without the `app.` prefix), in matching order. */
export const SITE_ROUTES: readonly PageRoute[] = [
  { path: '/', page: 'home-page', head: 'home', render: 'server', sitemap: 'apps' },
  { path: '/blog', page: 'blog-list-page', head: 'blog', render: 'server', sitemap: 'blog' },
  { path: '/blog/:slug', page: 'blog-post-page', head: 'blog', render: 'server' },
  { path: '/privacy-policy', page: 'privacy-policy-page', head: 'privacy-policy', render: 'server', sitemap: 'legal' },
  { path: '/terms-of-service', page: 'terms-of-service-page', head: 'terms-of-service', render: 'server', sitemap: 'legal' },
  { path: '/auth-test', page: 'auth-test-page', head: 'private', privateTitle: 'Authentication diagnostics', render: 'client' },
  { path: '/admin', page: 'admin-page', head: 'private', privateTitle: 'AI Admin', render: 'client' },
  { path: '/login', page: 'login-page', head: 'private', privateTitle: 'Admin Login', render: 'client' },
  { path: '/app/:id/edit', page: 'app-edit-page', head: 'private', privateTitle: 'Edit app', render: 'client' },
  { path: '/admin/app/:id', page: 'app-detail-page', head: 'private', privateTitle: 'App preview', render: 'client' },
  { path: '/app/:id', page: 'app-detail-page', head: 'app-by-id', render: 'server' },
  { path: '/ai-apps/:categorySlug', page: 'category-page', head: 'category', render: 'server' },
  { path: '/ai-apps/:categorySlug/:nameSlug', page: 'app-detail-page', head: 'app-by-slug', render: 'server' },
  { path: '/ai-apps/:categorySlug/:nameSlug/alternatives', page: 'alternatives-page', head: 'alternatives', render: 'server' },
  { path: '/best', page: 'task-index-page', head: 'task-index', render: 'server' },
  { path: '/best/:taskSlug', page: 'task-page', head: 'task', render: 'server' },
  { path: '/saved', page: 'saved-page', head: 'saved', render: 'server' },
  { path: '/stacks/:stackId', page: 'stack-page', head: 'stack', render: 'server' },
  { path: '/compare/:pair', page: 'compare-page', head: 'compare', render: 'server' },
  { path: '/submit', page: 'submit-page', head: 'submit', render: 'server' },
  // A maker's private page: its secret is the path, so it is never indexed nor rendered into a cache.
  { path: '/manage/:secret', page: 'manage-page', head: 'private', privateTitle: 'Manage your listing', render: 'client' },
  {
    path: '/direct-admin.html',
    page: 'admin-page',
    head: 'private',
    privateTitle: 'AI Admin',
    render: 'client',
    redirect: '/admin',
  },
  { path: '/index.html', page: 'home-page', head: 'home', render: 'server', redirect: '/' },
];

/** The admin host's routes (`app.` prefix): the back office and app previews, all rendered in the browser. */
export const ADMIN_HOST_ROUTES: readonly PageRoute[] = [
  { path: '/', page: 'admin-page', head: 'private', privateTitle: 'AI Admin', render: 'client' },
  { path: '/admin', page: 'admin-page', head: 'private', privateTitle: 'AI Admin', render: 'client' },
  // Cookies are per host: an admin signs in on the app. host itself (GET /api/login redirects here).
  { path: '/login', page: 'login-page', head: 'private', privateTitle: 'Admin Login', render: 'client' },
  { path: '/app/:id/edit', page: 'app-edit-page', head: 'private', privateTitle: 'Edit app', render: 'client' },
  { path: '/admin/app/:id', page: 'app-detail-page', head: 'private', privateTitle: 'App preview', render: 'client' },
  { path: '/app/:id', page: 'app-detail-page', head: 'private', privateTitle: 'App preview', render: 'client' },
];

/** What every unmatched path shows (HTTP 404). */
export const NOT_FOUND_ROUTE: PageRoute = { path: '*', page: 'not-found-page', head: 'not-found', render: 'server' };

/** True when the host is the admin host (`app.` prefix, spec §2 route table). */
export function isAdminHostname(hostname: string): boolean {
  return hostname.toLowerCase().startsWith('app.');
}

/** The routes of a host. */
export function routesForHost(hostname: string): readonly PageRoute[] {
  return isAdminHostname(hostname) ? ADMIN_HOST_ROUTES : SITE_ROUTES;
}

/**
 * Compiles a route pattern to a case-insensitive regular expression (spec §2: paths match in any
 * case), with the parameter names in order. `loose` matches a prefix (nested routers).
 */
export function parsePattern(route: string, loose = false): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = route
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') {
        keys.push('wild');
        return '/(.*)';
      }
      if (segment.startsWith(':')) {
        keys.push(segment.slice(1));
        return '/([^/]+?)';
      }
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return { pattern: new RegExp(`^${source}${loose ? '(?=$|/)' : '/?$'}`, 'i'), keys };
}

const compiled = new Map<string, { pattern: RegExp; keys: string[] }>();

function compiledPattern(route: string) {
  let entry = compiled.get(route);
  if (!entry) {
    entry = parsePattern(route);
    compiled.set(route, entry);
  }
  return entry;
}

/** The route a path shows on a host, with its decoded parameters; the 404 route when none matches. */
export function matchPage(pathname: string, hostname: string): { route: PageRoute; params: Record<string, string> } {
  for (const route of routesForHost(hostname)) {
    const { pattern, keys } = compiledPattern(route.path);
    const match = pattern.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    keys.forEach((key, index) => {
      const raw = match[index + 1] ?? '';
      try {
        params[key] = decodeURIComponent(raw);
      } catch {
        params[key] = raw;
      }
    });
    return { route, params };
  }
  return { route: NOT_FOUND_ROUTE, params: {} };
}

/** The paths the pages sitemap lists, with how each one's last modification is known. */
export function sitemapPages(): { path: string; lastmod: NonNullable<PageRoute['sitemap']> }[] {
  return SITE_ROUTES.flatMap((route) => (route.sitemap && !route.redirect ? [{ path: route.path, lastmod: route.sitemap }] : []));
}
