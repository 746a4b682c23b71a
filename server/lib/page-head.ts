/** What the server writes into a page's <head>, and the page's status. */
export interface PageHead {
  /** HTTP status of the page (404 for unknown paths and missing records). */
  status?: number;
  /** 301 target when the page moved (old slugs, /app/:id is not a redirect but a canonical). */
  redirect?: string;
  title: string;
  description: string;
  /** Path of the canonical URL, joined to PUBLIC_URL. */
  canonicalPath: string;
  ogType?: 'website' | 'article';
  image?: string | null;
  /** JSON-LD objects, serialised with `<` escaped. */
  jsonLd?: object[];
  noindex?: boolean;
  /** Feeds of the page (`<link rel="alternate" type="application/atom+xml">`). */
  feeds?: { title: string; path: string }[];
  /** The app whose counts the page shows: its cached copies go when one of its saves is counted. */
  appId?: number;
}

/** One URL of a sitemap. */
export interface SitemapEntry {
  path: string;
  lastmod: Date;
}
