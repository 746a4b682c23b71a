import { z } from './zod';
import { BLOG_DEFAULT_READ_TIME } from '../constants';

/** A published post in the public list (spec §3 Blog post, public): no content. */
export interface BlogPostSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  author: string;
  /** When it was first published; the creation time for a post published without one. */
  publishedAt: string;
  /** Minutes. */
  readTime: number;
  category: string | null;
  tags: string[];
  /** The featured image, if any. */
  image: string | null;
}

/** One published post (`GET /api/blog/:slug`): `content` is sanitised HTML rendered from the Markdown. */
export interface BlogPost extends BlogPostSummary {
  content: string;
  updatedAt: string;
}

/** A post as the admin calls return it (spec §3 Blog post, admin): `content` is the Markdown as written. */
export interface AdminBlogPost {
  id: number;
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  author: string;
  tags: string[];
  category: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  featuredImage: string | null;
  readTime: number;
  isPublished: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Spec §9 and §5 Blog form limits. */
export const BLOG_LIMITS = {
  title: 200,
  slug: 200,
  author: 100,
  metaTitle: 200,
  metaDescription: 500,
  excerpt: 1000,
  category: 50,
  tag: 50,
  tags: 20,
  content: 200_000,
  readTimeMin: 1,
  readTimeMax: 60,
} as const;

/** A blog slug: lower-case letters and digits in groups joined by single hyphens. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Missing optional text (null, undefined) is stored as empty and then as null. */
const optionalText = (max: number, message: string) =>
  z.preprocess((value) => (value == null ? '' : value), z.string().trim().max(max, message));

/** A non-numeric read time becomes the default of 5 (spec §5); numbers must lie in 1–60. */
const readTime = z.preprocess(
  (value) => {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof n === 'number' && Number.isFinite(n) ? n : BLOG_DEFAULT_READ_TIME;
  },
  z
    .number()
    .int('Read time must be a whole number of minutes')
    .min(BLOG_LIMITS.readTimeMin, 'Read time must be between 1 and 60 minutes')
    .max(BLOG_LIMITS.readTimeMax, 'Read time must be between 1 and 60 minutes'),
);

/** True for an absolute http(s) URL: the only kind a featured image may have. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const featuredImage = z.preprocess(
  (value) => (value == null ? '' : value),
  z
    .string()
    .trim()
    .max(2048, 'Must be a valid URL')
    .refine((value) => value === '' || isHttpUrl(value), 'Must be a valid URL'),
);

const tags = z.preprocess(
  (value) => (value == null ? [] : value),
  z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A tag cannot be empty')
        .max(BLOG_LIMITS.tag, `A tag must be less than ${BLOG_LIMITS.tag} characters`),
      {
        error: 'Tags must be a list of words',
      },
    )
    .max(BLOG_LIMITS.tags, `At most ${BLOG_LIMITS.tags} tags`)
    .transform((items) => [...new Set(items)]),
);

/**
 * The blog form (spec §5 Blog form) with its exact messages. The admin dialog validates with it in
 * the browser and the server validates every create and update with it again.
 */
export const blogFormSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(BLOG_LIMITS.title, 'Title must be less than 200 characters'),
  slug: z
    .string({ error: 'Slug is required' })
    .trim()
    .min(1, 'Slug is required')
    .max(BLOG_LIMITS.slug, 'Slug must be less than 200 characters')
    .regex(BLOG_SLUG_PATTERN, 'Slug may contain only lowercase letters, numbers and single hyphens (e.g. my-first-post)'),
  // Stored exactly as written: only its presence is checked.
  content: z
    .string({ error: 'Content is required' })
    .max(BLOG_LIMITS.content, 'Content must be less than 200,000 characters')
    .refine((value) => value.trim().length > 0, 'Content is required'),
  excerpt: optionalText(BLOG_LIMITS.excerpt, 'Excerpt must be less than 1000 characters'),
  author: z
    .string({ error: 'Author is required' })
    .trim()
    .min(1, 'Author is required')
    .max(BLOG_LIMITS.author, 'Author must be less than 100 characters'),
  tags,
  category: optionalText(BLOG_LIMITS.category, 'Category must be less than 50 characters'),
  metaTitle: optionalText(BLOG_LIMITS.metaTitle, 'Meta title must be less than 200 characters'),
  metaDescription: optionalText(BLOG_LIMITS.metaDescription, 'Meta description must be less than 500 characters'),
  featuredImage,
  readTime,
  isPublished: z.boolean({ error: 'Published must be true or false' }).optional().default(false),
});

/** What the form holds before validation. */
export type BlogFormInput = z.input<typeof blogFormSchema>;
/** A validated form. */
export type BlogFormValues = z.output<typeof blogFormSchema>;

/** `GET /api/blog?category=`: an optional category name (case-insensitive). */
export const blogListQuerySchema = z.object({
  category: z.string().trim().max(BLOG_LIMITS.category, 'Category must be less than 50 characters').optional(),
});

/**
 * `/api/blog/:slug`: slugs are matched case-insensitively, so the parameter is lower-cased. A slug
 * longer than any stored one is simply not found (404), not a malformed request: the bound here is
 * only the router's parameter limit.
 */
export const blogSlugParamSchema = z.object({
  slug: z.string().trim().min(1, 'Slug is required').max(1000, 'Slug is too long').toLowerCase(),
});
