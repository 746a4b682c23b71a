import { blogFormSchema, BLOG_LIMITS, type AdminBlogPost, type BlogFormValues } from '../../../../shared/schemas/blog';
import { categorySlugFromName } from '../../../../shared/slug';
import { fieldErrors } from '@client/lib/form-fields';

/** The dialog's fields as the inputs hold them (read time as typed text). */
export interface BlogFormState {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  author: string;
  tags: string[];
  category: string;
  metaTitle: string;
  metaDescription: string;
  featuredImage: string;
  readTime: string;
  isPublished: boolean;
}

export type BlogFormField = keyof BlogFormState;
export type BlogFormErrors = Partial<Record<BlogFormField, string>>;

/** The form of a new post: read time 5 (spec §9), a draft. */
export function emptyBlogForm(): BlogFormState {
  return {
    title: '',
    slug: '',
    content: '',
    excerpt: '',
    author: '',
    tags: [],
    category: '',
    metaTitle: '',
    metaDescription: '',
    featuredImage: '',
    readTime: '5',
    isPublished: false,
  };
}

/** The form filled with a post being edited. */
export function blogFormFromPost(post: AdminBlogPost): BlogFormState {
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt ?? '',
    author: post.author,
    tags: [...post.tags],
    category: post.category ?? '',
    metaTitle: post.metaTitle ?? '',
    metaDescription: post.metaDescription ?? '',
    featuredImage: post.featuredImage ?? '',
    readTime: String(post.readTime),
    isPublished: post.isPublished,
  };
}

/** The slug suggested for a title: ASCII letters, digits and single hyphens, at most 200 characters. */
export function slugFromTitle(title: string): string {
  return categorySlugFromName(title).slice(0, BLOG_LIMITS.slug).replace(/-+$/, '');
}

/**
 * Validates the form with the same schema the server uses (spec §5 Blog form messages).
 * @returns the body to send, or the first message of each invalid field.
 */
export function validateBlogForm(
  state: BlogFormState,
): { ok: true; values: BlogFormValues } | { ok: false; errors: BlogFormErrors } {
  const result = blogFormSchema.safeParse(state);
  if (result.success) return { ok: true, values: result.data };
  return { ok: false, errors: fieldErrors(result.error.issues) as BlogFormErrors };
}

/** The order of the fields on screen, for focusing the first invalid one. */
export const BLOG_FORM_FIELD_ORDER: BlogFormField[] = [
  'title',
  'slug',
  'excerpt',
  'content',
  'author',
  'category',
  'readTime',
  'tags',
  'metaTitle',
  'metaDescription',
  'featuredImage',
  'isPublished',
];
