import { useQuery } from '@tanstack/react-query';
import type { BlogPost, BlogPostSummary } from '@shared/schemas/blog';
import { ApiError, getJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

const [BLOG_URL] = queryKeys.blog;

/** The published posts, newest first (design deviation 2: the list comes from the server). */
export function useBlogPosts() {
  return useQuery({
    queryKey: queryKeys.blog,
    queryFn: async () => {
      const body = await getJson<unknown>(BLOG_URL);
      return Array.isArray(body) ? (body as BlogPostSummary[]) : [];
    },
  });
}

/**
 * One published post by slug; runs only when a slug is present (spec §7). A missing post is an
 * error "Blog post not found" (spec §8), which the page shows as its not-found screen.
 */
export function useBlogPost(slug: string | undefined) {
  return useQuery({
    queryKey: [...queryKeys.blog, slug],
    enabled: Boolean(slug),
    queryFn: async () => {
      try {
        return await getJson<BlogPost>(`${BLOG_URL}/${encodeURIComponent(slug ?? '')}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) throw new Error('Blog post not found');
        throw error;
      }
    },
  });
}
