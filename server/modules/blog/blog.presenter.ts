import { renderMarkdown } from '@shared/markdown';
import type { AdminBlogPost, BlogPost, BlogPostSummary } from '@shared/schemas/blog';
import type { BlogPostRow } from './blog.repository';

/** When a post counts as published: its first publication, else its creation (spec §3). */
export function publicationDate(row: BlogPostRow): Date {
  return row.publishedAt ?? row.createdAt;
}

/** A published post in the public list: no content, no SEO or workflow fields. */
export function presentBlogSummary(row: BlogPostRow): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    publishedAt: publicationDate(row).toISOString(),
    readTime: row.readTime,
    category: row.category,
    tags: row.tags,
    image: row.featuredImage,
  };
}

/** One published post, its Markdown rendered to sanitised HTML. */
export function presentBlogPost(row: BlogPostRow): BlogPost {
  return { ...presentBlogSummary(row), content: renderMarkdown(row.content), updatedAt: row.updatedAt.toISOString() };
}

/** A post for the admin: every field, the Markdown as written. */
export function presentAdminBlogPost(row: BlogPostRow): AdminBlogPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt,
    author: row.author,
    tags: row.tags,
    category: row.category,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    featuredImage: row.featuredImage,
    readTime: row.readTime,
    isPublished: row.isPublished,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
