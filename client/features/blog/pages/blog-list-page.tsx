import { Rss, Sparkles } from 'lucide-react';
import { useMemo, useState } from 'react';
import { SiteFooter } from '@client/components/layout/site-footer';
import { SiteNav } from '@client/components/layout/site-nav';
import { Skeleton } from '@client/components/ui/skeleton';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { LoadError } from '@client/components/ui/load-error';
import { useBlogPosts } from '../api/blog-api';
import { BlogCard } from '../components/blog-card';
import { CategoryChips } from '../components/category-chips';
import { ALL_CATEGORIES, categoryChips, filterByCategory } from '../lib/blog-categories';

function CardSkeletons() {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
          <Skeleton className="aspect-[16/9] rounded-none" />
          <div className="grid gap-3 p-5">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-6 w-4/5" />
            <Skeleton className="h-16" />
            <Skeleton className="h-9 w-40" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The blog list (spec §2 Blog list, design deviation 2): the hero, category chips that filter the
 * published posts in the browser, and a card per post linking to its page.
 */
export default function BlogListPage() {
  useDocumentTitle('AI Insights & Innovation');
  const posts = useBlogPosts();
  const [selected, setSelected] = useState(ALL_CATEGORIES);
  const all = useMemo(() => posts.data ?? [], [posts.data]);
  const chips = useMemo(() => categoryChips(all), [all]);
  const shown = useMemo(() => filterByCategory(all, selected), [all, selected]);

  return (
    <div className="flex min-h-screen flex-col">
      <SiteNav active="blog" />
      <main id="main" className="flex-1">
        <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white px-4 py-16 text-center">
          <p className="mx-auto mb-4 inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm">
            <Sparkles className="size-4" aria-hidden="true" />
            The Aitlas Blog
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">AI Insights &amp; Innovation</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
            Expert insights, the latest trends and practical guides on artificial intelligence: how to choose AI tools, use them
            well and keep your work safe.
          </p>
          <p className="mt-4">
            <a
              href="/blog/rss.xml"
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              <Rss className="size-4" aria-hidden="true" />
              RSS feed
            </a>
          </p>
        </section>

        <div className="mx-auto max-w-7xl px-4 py-10">
          {posts.isPending ? (
            <>
              <p role="status" className="sr-only">
                Loading articles...
              </p>
              <CardSkeletons />
            </>
          ) : posts.isError ? (
            <LoadError
              size="page"
              className="mx-auto max-w-md"
              message="The articles could not be loaded."
              onRetry={() => void posts.refetch()}
            />
          ) : all.length === 0 ? (
            <div className="mx-auto max-w-md rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <h2 className="text-lg font-semibold text-slate-900">No articles yet</h2>
              <p className="mt-2 text-slate-700">New guides and insights are on their way. Check back soon.</p>
            </div>
          ) : (
            <div className="grid gap-8">
              <CategoryChips chips={chips} selected={selected} onSelect={setSelected} />
              <p className="sr-only" role="status">
                {shown.length === 1 ? '1 article' : `${shown.length} articles`}
                {selected === ALL_CATEGORIES ? '' : ` in ${selected}`}
              </p>
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Articles">
                {shown.map((post) => (
                  <li key={post.id} className="flex">
                    <BlogCard post={post} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
