import type { AppContext } from '../../context';
import type { PageHead, SitemapEntry } from '../seo/page-head';

/** Placeholder until the blog lands: the head of a /blog page, or null when the path is not a blog page. */
export async function blogPageHead(_ctx: AppContext, _path: string): Promise<PageHead | null> {
  return null;
}

/** Placeholder until the blog lands: the published posts for the sitemap. */
export async function blogSitemapEntries(_ctx: AppContext): Promise<SitemapEntry[]> {
  return [];
}
