import { Clock } from 'lucide-react';
import { Link } from 'wouter';
import { formatReadTime } from '@shared/format';
import type { BlogPostSummary } from '@shared/schemas/blog';
import { Badge } from '@client/components/ui/badge';
import { categoryOf } from '../lib/blog-categories';
import { scrollToTopSoon } from '../lib/scroll';
import { AuthorLine } from './author-line';
import { BlogCover } from './blog-cover';
import { TagList } from './tag-list';

/**
 * A post in the blog list: image, category, read time, title (the link: the whole card is its
 * click target), a 3-line excerpt, the author with an initials badge, the date and the tags.
 */
export function BlogCard({ post }: { post: BlogPostSummary }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <BlogCover src={post.image} tintKey={categoryOf(post)} className="aspect-[16/9] w-full" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center justify-between gap-2 text-sm">
          <Badge variant="secondary">{categoryOf(post)}</Badge>
          <span className="flex items-center gap-1 text-slate-600">
            <Clock className="size-4" aria-hidden="true" />
            {formatReadTime(post.readTime)}
          </span>
        </div>
        <h2 className="text-lg font-semibold leading-snug text-slate-900">
          <Link
            href={`/blog/${encodeURIComponent(post.slug)}`}
            onClick={scrollToTopSoon}
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700"
          >
            {post.title}
          </Link>
        </h2>
        {post.excerpt ? <p className="line-clamp-3 text-sm text-slate-700">{post.excerpt}</p> : null}
        <div className="mt-auto grid gap-3 pt-2">
          <AuthorLine author={post.author} publishedAt={post.publishedAt} />
          <TagList tags={post.tags} label={`Tags of ${post.title}`} />
        </div>
      </div>
    </article>
  );
}
