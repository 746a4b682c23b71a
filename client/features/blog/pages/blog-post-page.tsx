import { ArrowLeft, Clock, Sparkles } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { formatReadTime } from '@shared/format';
import { SiteFooter } from '@client/components/layout/site-footer';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Prose } from '@client/components/ui/prose';
import { Spinner } from '@client/components/ui/spinner';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useBlogPost } from '../api/blog-api';
import { AuthorLine } from '../components/author-line';
import { BlogCover } from '../components/blog-cover';
import { ShareButton } from '../components/share-button';
import { TagList } from '../components/tag-list';
import { categoryOf } from '../lib/blog-categories';
import { scrollToTopSoon } from '../lib/scroll';

function PostNav({ children }: { children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Article" className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-4 px-4">
        <Link href="/blog" className="inline-flex items-center gap-2 font-medium text-slate-800 hover:text-brand-700">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Blog
        </Link>
        {children}
      </nav>
    </header>
  );
}

function NotFound() {
  useDocumentTitle('Blog Post Not Found');
  return (
    <div className="flex min-h-screen flex-col">
      <PostNav />
      <main id="main" className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Blog Post Not Found</h1>
        <p className="text-slate-700">The blog post you&apos;re looking for doesn&apos;t exist.</p>
        <Button asChild>
          <Link href="/blog">Back to Blog</Link>
        </Button>
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * One article (spec §2 Blog post): loading, not found, or the post with its share button, hero
 * image, meta line, sanitised content and the "Explore More AI Tools" band.
 */
export default function BlogPostPage() {
  const { slug } = useParams<{ slug: string }>();
  const query = useBlogPost(slug);
  const post = query.data;
  useDocumentTitle(post?.title);

  useEffect(() => {
    scrollToTopSoon();
  }, [slug]);

  if (query.isPending) {
    return (
      <div className="flex min-h-screen flex-col">
        <PostNav />
        <main id="main" className="flex flex-1 items-center justify-center">
          <Spinner label="Loading blog post..." />
        </main>
      </div>
    );
  }
  if (query.isError || !post) return <NotFound />;

  return (
    <div className="flex min-h-screen flex-col">
      <PostNav>
        <ShareButton title={post.title} text={post.excerpt} />
      </PostNav>
      <main id="main" className="flex-1">
        <article>
          {post.image ? (
            <div className="mx-auto max-w-5xl px-4 pt-8">
              <BlogCover src={post.image} tintKey={categoryOf(post)} className="aspect-[21/9] w-full rounded-2xl" />
            </div>
          ) : null}
          <header className="mx-auto grid max-w-3xl gap-5 px-4 pt-10">
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <Badge>{categoryOf(post)}</Badge>
              <span className="flex items-center gap-1 text-slate-600">
                <Clock className="size-4" aria-hidden="true" />
                {formatReadTime(post.readTime)}
              </span>
            </div>
            <h1 className="text-3xl font-bold leading-tight tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
            {post.excerpt ? <p className="text-xl leading-relaxed text-slate-700">{post.excerpt}</p> : null}
            <div className="flex flex-wrap items-center justify-between gap-4 border-y border-slate-200 py-4">
              <AuthorLine author={post.author} publishedAt={post.publishedAt} />
              <TagList tags={post.tags} label="Tags" />
            </div>
          </header>
          <Prose
            html={post.content}
            className="mx-auto max-w-3xl px-4 py-10 sm:text-lg sm:leading-8"
            data-testid="blog-post-content"
          />
        </article>

        <section
          aria-labelledby="explore-more"
          className="bg-gradient-to-r from-brand-700 to-brand-600 px-4 py-14 text-center text-white"
        >
          <Sparkles className="mx-auto mb-3 size-8" aria-hidden="true" />
          <h2 id="explore-more" className="text-2xl font-bold sm:text-3xl">
            Explore More AI Tools
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-50">
            Describe what you want to build and find the AI tools that fit, or keep reading.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button asChild variant="secondary" size="lg">
              <Link href="/">Browse AI Marketplace</Link>
            </Button>
            <Button asChild variant="outline" size="lg" className="border-white bg-transparent text-white hover:bg-white/10">
              <Link href="/blog">Read More Articles</Link>
            </Button>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
