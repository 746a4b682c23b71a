import { describe, expect, it } from 'vitest';
import { matchPage, parsePattern, sitemapPages } from './page-routes';

describe('the route table', () => {
  it('matches paths in any case, with a trailing slash, and decodes parameters', () => {
    expect(matchPage('/AI-Apps/Writing/Quill%20Pro/', 'aitlas.example')).toMatchObject({
      route: { page: 'app-detail-page', head: 'app-by-slug', render: 'server' },
      params: { categorySlug: 'Writing', nameSlug: 'Quill Pro' },
    });
    expect(matchPage('/ai-apps/writing/quill/ALTERNATIVES', 'aitlas.example').route.page).toBe('alternatives-page');
    expect(matchPage('/Compare/a-vs-b', 'aitlas.example')).toMatchObject({
      route: { page: 'compare-page' },
      params: { pair: 'a-vs-b' },
    });
    expect(matchPage('/blog', 'aitlas.example').route.page).toBe('blog-list-page');
  });

  it('applies the host rule: the app. host shows the back office, never the public pages', () => {
    expect(matchPage('/', 'app.aitlas.example').route).toMatchObject({ page: 'admin-page', render: 'client' });
    expect(matchPage('/', 'aitlas.example').route).toMatchObject({ page: 'home-page', render: 'server' });
    expect(matchPage('/blog', 'APP.aitlas.example').route.page).toBe('not-found-page');
    expect(matchPage('/app/7', 'app.aitlas.example').route).toMatchObject({ page: 'app-detail-page', head: 'private' });
    expect(matchPage('/app/7', 'aitlas.example').route).toMatchObject({ page: 'app-detail-page', head: 'app-by-id' });
  });

  it('sends unknown paths to the 404 page and moved ones to their target', () => {
    expect(matchPage('/nothing/here', 'aitlas.example').route).toMatchObject({ page: 'not-found-page', head: 'not-found' });
    expect(matchPage('/index.html', 'aitlas.example').route.redirect).toBe('/');
    expect(matchPage('/direct-admin.html', 'aitlas.example').route.redirect).toBe('/admin');
  });

  it('compiles prefixes for nested routers and lists the sitemap pages', () => {
    expect(parsePattern('/blog', true).pattern.test('/blog/post')).toBe(true);
    expect(parsePattern('/blog').pattern.test('/blog/post')).toBe(false);
    expect(sitemapPages().map((page) => page.path)).toEqual(['/', '/blog', '/privacy-policy', '/terms-of-service']);
  });
});
