import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryForm } from '@shared/schemas/category';
import { errorMessage, sendJson } from '@client/lib/api-client';
import { invalidateCategoryData, adminQueryKeys } from '@client/lib/admin-query-keys';
import { toast } from '@client/components/ui/use-toast';

const [CATEGORIES_URL] = adminQueryKeys.adminCategories;

function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return () => invalidateCategoryData(queryClient);
}

/** Creates a category; failure toasts "Creation Failed" with the server's message. */
export function useCreateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (body: CategoryForm) => sendJson<Category>('POST', CATEGORIES_URL, body),
    onSuccess: (category) => {
      toast({ title: 'Category Created', description: `${category.name} has been created.` });
      // Not awaited: the form closes as soon as the server has the write, so the confirmation is seen whatever the
      // lists' refresh takes (awaited, a refresh slower than the toast hid both in the closing dialog).
      void invalidate();
    },
    onError: (error) => toast({ title: 'Creation Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** Updates part of a category. */
export function useUpdateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: Partial<CategoryForm> }) =>
      sendJson<Category>('PATCH', `${CATEGORIES_URL}/${id}`, changes),
    onSuccess: (category) => {
      toast({ title: 'Category Updated', description: `${category.name} has been updated.` });
      void invalidate();
    },
    onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** Deletes a category (the server refuses while it still holds apps). */
export function useDeleteCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id }: { id: number; name: string }) => sendJson<unknown>('DELETE', `${CATEGORIES_URL}/${id}`),
    onSuccess: async (_result, { name }) => {
      toast({ title: 'Category Deleted', description: `${name} has been deleted.` });
      await invalidate();
    },
    onError: (error) => toast({ title: 'Deletion Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** Swaps a category's sort order with its neighbour. */
export function useReorderCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, direction }: { id: number; direction: 'up' | 'down'; name: string }) =>
      sendJson<unknown>('PATCH', `${CATEGORIES_URL}/${id}/reorder`, { direction }),
    onSuccess: async (_result, { name, direction }) => {
      toast({ title: 'Category Reordered', description: `${name} moved ${direction}.` });
      await invalidate();
    },
    onError: (error) => toast({ title: 'Reorder Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}
