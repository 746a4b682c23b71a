import { Eye, EyeOff, FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatLongDate, formatReadTime } from '@shared/format';
import type { AdminBlogPost } from '@shared/schemas/blog';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadError } from '@client/components/ui/load-error';
import { useAdminBlogPosts, useDeleteBlogPost, useSetBlogPostPublished } from '../api/admin-blog-api';
import { blogCountLine } from '../lib/blog-summary';
import { BlogPostDialog } from './blog-post-dialog';

function PostRow({
  post,
  busy,
  onEdit,
  onDelete,
  onTogglePublished,
}: {
  post: AdminBlogPost;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onTogglePublished: () => void;
}) {
  return (
    <Card className="grid gap-3 p-5">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-lg font-semibold text-slate-900">{post.title}</h3>
          <Badge variant={post.isPublished ? 'success' : 'secondary'}>{post.isPublished ? 'Published' : 'Draft'}</Badge>
          {post.category ? <Badge variant="outline">{post.category}</Badge> : null}
        </div>
        <p className="break-all font-mono text-xs text-slate-600">/blog/{post.slug}</p>
      </div>
      {post.excerpt ? <p className="line-clamp-2 text-sm text-slate-700">{post.excerpt}</p> : null}
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
        <div className="flex gap-1">
          <dt className="text-slate-600">Author:</dt>
          <dd>{post.author}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-slate-600">Read time:</dt>
          <dd>{formatReadTime(post.readTime)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-slate-600">Created:</dt>
          <dd>
            <time dateTime={post.createdAt}>{formatLongDate(post.createdAt)}</time>
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
        {post.tags.length > 0 ? (
          <ul aria-label={`Tags of ${post.title}`} className="flex flex-wrap gap-1.5">
            {post.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="outline">{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No tags</p>
        )}
        <div className="flex flex-wrap gap-2">
          {post.isPublished ? (
            <Button variant="ghost" size="sm" asChild>
              <a
                href={`/blog/${encodeURIComponent(post.slug)}`}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`View ${post.title} on the blog (opens in a new tab)`}
              >
                View
              </a>
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            onClick={onTogglePublished}
            disabled={busy}
            aria-label={`${post.isPublished ? 'Unpublish' : 'Publish'} ${post.title}`}
          >
            {post.isPublished ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
            {post.isPublished ? 'Unpublish' : 'Publish'}
          </Button>
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${post.title}`}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onDelete}
            disabled={busy}
            aria-label={`Delete ${post.title}`}
            className="text-red-700 hover:bg-red-50"
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
    </Card>
  );
}

/**
 * Blog Management (spec §2 Admin): every post with its state, publish/unpublish, edit, delete
 * with confirmation, and the create/edit dialog with SEO settings and a live Markdown preview.
 */
export function BlogManagementView() {
  const posts = useAdminBlogPosts();
  const setPublished = useSetBlogPostPublished();
  const deletePost = useDeleteBlogPost();
  const [dialog, setDialog] = useState<{ post: AdminBlogPost | null } | null>(null);
  const [toDelete, setToDelete] = useState<AdminBlogPost | null>(null);
  const list = useMemo(() => posts.data ?? [], [posts.data]);
  const categories = useMemo(
    () => [...new Set(list.map((post) => post.category).filter((category): category is string => Boolean(category)))].sort(),
    [list],
  );
  const publishedCount = list.filter((post) => post.isPublished).length;
  const busyId = setPublished.isPending
    ? setPublished.variables?.id
    : deletePost.isPending
      ? deletePost.variables?.id
      : undefined;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Blog posts</h2>
          <p className="text-sm text-slate-700">
            {posts.isSuccess ? blogCountLine(list.length, publishedCount) : 'Write, publish and edit the articles of the blog.'}
          </p>
        </div>
        <Button onClick={() => setDialog({ post: null })}>
          <Plus className="size-4" aria-hidden="true" />
          New Post
        </Button>
      </div>

      {posts.isPending ? (
        <div className="grid gap-4" aria-busy="true">
          <p role="status" className="sr-only">
            Loading blog posts...
          </p>
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-36" />
          ))}
        </div>
      ) : posts.isError ? (
        <LoadError message="The blog posts could not be loaded." onRetry={() => void posts.refetch()} />
      ) : list.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <FileText className="size-10 text-slate-400" aria-hidden="true" />
          <h3 className="text-lg font-semibold text-slate-900">No blog posts yet</h3>
          <p className="text-sm text-slate-700">Create the first article; it stays a draft until you publish it.</p>
          <Button onClick={() => setDialog({ post: null })}>
            <Plus className="size-4" aria-hidden="true" />
            New Post
          </Button>
        </Card>
      ) : (
        <ul className="grid gap-4" aria-label="Blog posts">
          {list.map((post) => (
            <li key={post.id}>
              <PostRow
                post={post}
                busy={busyId === post.id}
                onEdit={() => setDialog({ post })}
                onDelete={() => setToDelete(post)}
                onTogglePublished={() => setPublished.mutate({ id: post.id, publish: !post.isPublished })}
              />
            </li>
          ))}
        </ul>
      )}

      <BlogPostDialog
        open={dialog !== null}
        post={dialog?.post ?? null}
        categories={categories}
        onOpenChange={(open) => !open && setDialog(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this blog post?"
        description={toDelete ? `"${toDelete.title}" will be deleted permanently. This cannot be undone.` : ''}
        confirmLabel="Delete"
        onConfirm={() => {
          if (toDelete) deletePost.mutate(toDelete);
          setToDelete(null);
        }}
      />
    </div>
  );
}
