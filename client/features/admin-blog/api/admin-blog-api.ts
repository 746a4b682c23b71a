import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBlogPost, BlogFormValues } from '@shared/schemas/blog';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage, getJson, sendJson } from '@client/lib/api-client';
import { invalidateBlogData, adminQueryKeys } from '@client/lib/admin-query-keys';

const [ADMIN_BLOG_URL] = adminQueryKeys.adminBlog;

/** Every post, drafts included (spec §7: a non-array answer counts as empty). */
export function useAdminBlogPosts() {
  return useQuery({
    queryKey: adminQueryKeys.adminBlog,
    queryFn: async () => {
      const body = await getJson<unknown>(ADMIN_BLOG_URL);
      return Array.isArray(body) ? (body as AdminBlogPost[]) : [];
    },
  });
}

function useInvalidateBlog() {
  const queryClient = useQueryClient();
  return () => invalidateBlogData(queryClient);
}

/** Creates a post; toasts per spec §8. */
export function useCreateBlogPost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: (body: BlogFormValues) => sendJson<AdminBlogPost>('POST', ADMIN_BLOG_URL, body),
    onSuccess: () => {
      toast({ title: 'Blog post created successfully' });
      // Not awaited: the form closes as soon as the server has the write, so the confirmation is seen whatever the
      // lists' refresh takes (awaited, a refresh slower than the toast hid both in the closing dialog).
      void invalidate();
    },
    onError: (error) => toast({ title: 'Failed to create blog post', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** Replaces a post's fields; toasts per spec §8. */
export function useUpdateBlogPost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BlogFormValues }) =>
      sendJson<AdminBlogPost>('PATCH', `${ADMIN_BLOG_URL}/${id}`, body),
    onSuccess: () => {
      toast({ title: 'Blog post updated successfully' });
      void invalidate();
    },
    onError: (error) => toast({ title: 'Failed to update blog post', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** Deletes a post; toasts per spec §8. */
export function useDeleteBlogPost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: (post: Pick<AdminBlogPost, 'id' | 'title'>) => sendJson<unknown>('DELETE', `${ADMIN_BLOG_URL}/${post.id}`),
    onSuccess: async () => {
      toast({ title: 'Blog post deleted successfully' });
      await invalidate();
    },
    onError: (error) => toast({ title: 'Failed to delete blog post', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** Publishes or unpublishes a post (spec §4); toasts per spec §8. */
export function useSetBlogPostPublished() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: ({ id, publish }: { id: number; publish: boolean }) =>
      sendJson<AdminBlogPost>('PATCH', `${ADMIN_BLOG_URL}/${id}/${publish ? 'publish' : 'unpublish'}`),
    onSuccess: async () => {
      toast({ title: 'Blog post status updated successfully' });
      await invalidate();
    },
    onError: (error) =>
      toast({ title: 'Failed to update blog post status', description: errorMessage(error), variant: 'destructive' }),
  });
}
