import { BLOG_DEFAULT_CATEGORY } from '@shared/constants';
import { BLOG_SLUG_PATTERN } from '@shared/schemas/blog';
import type { AppContext } from '../../context';
import { absoluteUrl, truncate } from '../../lib/html';
import type { PageHead, SitemapEntry } from '../../lib/page-head';
import { publicationDate } from './blog.presenter';
import { BlogRepository, type BlogPostRow } from './blog.repository';
import { postSummary } from './blog.rss';

const LIST_TITLE = 'AI Insights & Innovation';
const LIST_DESCRIPTION = 'Expert insights, trends and practical guides on choosing and using AI tools, from the Aitlas team.';

const PUBLISHER = { '@type': 'Organization', name: 'Aitlas' } as const;

function blogNotFoundHead(path: string): PageHead {
  return {
    status: 404,
    title: 'Blog Post Not Found',
    description: "The blog post you're looking for doesn't exist.",
    canonicalPath: path,
    noindex: true,
  };
}

/** The segments of a path below /blog, decoded and without empty parts; null for other paths. */
function blogSegments(path: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path;
  }
  const segments = decoded.split('/').filter(Boolean);
  if (segments[0]?.toLowerCase() !== 'blog') return null;
  return segments.slice(1);
}

/**
 * The head of a blog page for the server-rendered shell: `/blog` (the list) and `/blog/:slug` (a
 * published post: title, description, canonical, Open Graph article, BlogPosting JSON-LD and a
 * crawler-readable body). A draft, an unknown slug or a deeper path is a 404; other paths give null.
 */
export async function blogPageHead(ctx: AppContext, path: string): Promise<PageHead | null> {
  const segments = blogSegments(path);
  if (segments === null) return null;
  const repository = new BlogRepository(ctx.db);
  if (segments.length === 0) return listHead(ctx, await repository.listPublished());
  const slug = segments[0]?.toLowerCase() ?? '';
  const canonicalPath = `/blog/${encodeURIComponent(slug)}`;
  if (segments.length > 1 || !BLOG_SLUG_PATTERN.test(slug)) return blogNotFoundHead(canonicalPath);
  const post = await repository.findPublishedBySlug(slug);
  return post ? postHead(ctx, post) : blogNotFoundHead(canonicalPath);
}

function listHead(ctx: AppContext, posts: BlogPostRow[]): PageHead {
  const base = ctx.env.PUBLIC_URL;
  const postPath = (post: BlogPostRow) => `/blog/${encodeURIComponent(post.slug)}`;
  return {
    title: LIST_TITLE,
    description: LIST_DESCRIPTION,
    canonicalPath: '/blog',
    ogType: 'website',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Blog',
        name: 'Aitlas Blog',
        description: LIST_DESCRIPTION,
        url: `${base}/blog`,
        publisher: PUBLISHER,
        blogPost: posts.map((post) => ({
          '@type': 'BlogPosting',
          headline: post.title,
          url: absoluteUrl(base, postPath(post)),
          datePublished: publicationDate(post).toISOString(),
          author: { '@type': 'Person', name: post.author },
        })),
      },
    ],
  };
}

function postHead(ctx: AppContext, post: BlogPostRow): PageHead {
  const base = ctx.env.PUBLIC_URL;
  const canonicalPath = `/blog/${encodeURIComponent(post.slug)}`;
  const description = truncate(post.metaDescription?.trim() || postSummary(post), 300);
  const published = publicationDate(post);
  const blogPosting: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: truncate(post.title, 110),
    description,
    url: absoluteUrl(base, canonicalPath),
    mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteUrl(base, canonicalPath) },
    datePublished: published.toISOString(),
    dateModified: (post.updatedAt > published ? post.updatedAt : published).toISOString(),
    author: { '@type': 'Person', name: post.author },
    publisher: PUBLISHER,
    articleSection: post.category ?? BLOG_DEFAULT_CATEGORY,
    timeRequired: `PT${post.readTime}M`,
    ...(post.featuredImage ? { image: post.featuredImage } : {}),
    ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
  };
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${base}/` },
      { '@type': 'ListItem', position: 2, name: 'Blog', item: `${base}/blog` },
      { '@type': 'ListItem', position: 3, name: post.title, item: absoluteUrl(base, canonicalPath) },
    ],
  };
  return {
    title: post.metaTitle?.trim() || post.title,
    description,
    canonicalPath,
    ogType: 'article',
    image: post.featuredImage,
    jsonLd: [blogPosting, breadcrumbs],
  };
}

/** The published posts for the sitemap, each with the time it last changed. */
export async function blogSitemapEntries(ctx: AppContext): Promise<SitemapEntry[]> {
  const rows = await new BlogRepository(ctx.db).publishedPaths();
  return rows.map((row) => {
    const published = row.publishedAt ?? row.updatedAt;
    return { path: `/blog/${encodeURIComponent(row.slug)}`, lastmod: row.updatedAt > published ? row.updatedAt : published };
  });
}
