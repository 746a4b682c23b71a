import { use, type ComponentType } from 'react';
import type { PageName } from '@shared/page-routes';

/**
 * A page's module: its component, and what else its first render needs (`ready`, awaited with the module,
 * so that a part of the page in a chunk of its own is there for the server render and for hydration).
 */
type PageModule = { default: ComponentType; ready?: () => Promise<unknown> | undefined };

// Every page is its own chunk (the admin area too, never loaded by a visitor). The names of the
// modules are the chunk names the server preloads for a matched route.
const loaders: Record<PageName, () => Promise<PageModule>> = {
  'home-page': () => import('@client/features/marketplace/pages/home-page'),
  'blog-list-page': () => import('@client/features/blog/pages/blog-list-page'),
  'blog-post-page': () => import('@client/features/blog/pages/blog-post-page'),
  'privacy-policy-page': () => import('@client/features/legal/pages/privacy-policy-page'),
  'terms-of-service-page': () => import('@client/features/legal/pages/terms-of-service-page'),
  'app-detail-page': () => import('@client/features/app-detail/pages/app-detail-page'),
  'alternatives-page': () => import('@client/features/alternatives/pages/alternatives-page'),
  'compare-page': () => import('@client/features/compare/pages/compare-page'),
  'submit-page': () => import('@client/features/submit/pages/submit-page'),
  'manage-page': () => import('@client/features/manage/pages/manage-page'),
  'category-page': () => import('@client/features/browse/pages/category-page'),
  'task-index-page': () => import('@client/features/browse/pages/task-index-page'),
  'task-page': () => import('@client/features/browse/pages/task-page'),
  'saved-page': () => import('@client/features/stacks/pages/saved-page'),
  'stack-page': () => import('@client/features/stacks/pages/stack-page'),
  'auth-test-page': () => import('@client/features/auth/pages/auth-test-page'),
  'login-page': () => import('@client/features/auth/pages/login-page'),
  'admin-page': () => import('@client/app/admin/admin-page'),
  'app-edit-page': () => import('@client/app/admin/app-edit-page'),
  'not-found-page': () => import('@client/components/layout/not-found-page'),
};

const loaded = new Map<PageName, ComponentType>();
const pending = new Map<PageName, Promise<PageModule>>();

/**
 * Loads a page's module. Awaited before the first render (browser hydration and the server render),
 * so the page renders at once instead of suspending; later pages load on navigation.
 */
export function loadPage(name: PageName): Promise<PageModule> {
  let promise = pending.get(name);
  if (!promise) {
    promise = loaders[name]().then(async (module) => {
      await module.ready?.();
      loaded.set(name, module.default);
      return module;
    });
    pending.set(name, promise);
  }
  return promise;
}

/** Renders a page: at once when its module is loaded, else it suspends until the chunk arrives. */
export function Page({ name }: { name: PageName }) {
  const Component = loaded.get(name) ?? use(loadPage(name)).default;
  // Not created here: a module's default export, the same component for a page name on every render.
  // eslint-disable-next-line react-hooks/static-components
  return <Component />;
}
