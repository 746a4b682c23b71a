import { Suspense, use, useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';
import { SiteFooter } from '@client/components/layout/site-footer';
import { SiteNav } from '@client/components/layout/site-nav';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { SearchBox } from '../components/search-box';
import { NewThisWeek } from '../components/new-this-week';
import { TrendingSection } from '../components/trending-section';
import { useAppSearch } from '../hooks/use-app-search';
import { SkeletonGrid } from '../components/app-grid';
import type * as SearchResultsModuleType from '../components/search-results-section';
import { searchCompleteMessage, UNSURE_TEXT } from '../lib/display';
import { useMarketplaceParams } from '../hooks/use-marketplace-params';

type SearchResultsModule = typeof SearchResultsModuleType;
let searchResults: SearchResultsModule | null = null;
let searchResultsLoad: Promise<SearchResultsModule> | null = null;

/**
 * The search results (their chips of the understanding, evidence, intent links) are a chunk of their own:
 * a visitor who lands on the trending list does not load them until the search box is reached or a search
 * is run (decision 0024, sprite amendment: the home page's JavaScript budget). A failed load may be tried again.
 */
function loadSearchResults(): Promise<SearchResultsModule> {
  searchResultsLoad ??= import('../components/search-results-section').then(
    (module) => (searchResults = module),
    (error: unknown) => {
      searchResultsLoad = null;
      throw error;
    },
  );
  return searchResultsLoad;
}

const prefetchSearchResults = () => void loadSearchResults().catch(() => undefined);

/**
 * Awaited with the page's module before the first render (client/app/page.tsx): the server always renders with
 * the results loaded, and a browser that opens a search's address (`?q=`) loads them before it hydrates, so the
 * server's results are hydrated at once instead of suspending.
 */
export function ready(): Promise<unknown> | undefined {
  if (typeof window !== 'undefined' && !new URLSearchParams(window.location.search).get('q')) return undefined;
  return loadSearchResults().catch(() => undefined);
}

/** The results section, rendered at once when its chunk is loaded, else it suspends until the chunk arrives. */
function SearchResultsSection(props: ComponentProps<SearchResultsModule['SearchResultsSection']>) {
  const { SearchResultsSection: Section } = searchResults ?? use(loadSearchResults());
  return <Section {...props} />;
}

function searchAnnouncement(status: 'pending' | 'error' | 'success', count: number, confidence: number, unsure: boolean): string {
  if (status === 'pending') return 'AI is analyzing your request...';
  if (status === 'error') return 'AI search encountered an error. Please try again.';
  if (count === 0) return 'No apps found matching your search.';
  const found = `AI Search Results: ${searchCompleteMessage(count, confidence).replace(/^Found/, 'found')}.`;
  return unsure ? `${found} ${UNSURE_TEXT}.` : found;
}

/**
 * Home (/): the hero with the AI search and its chips, then the trending marketplace or the AI
 * search results. The query (`?q=`), the parts of its understanding set aside (`?without=`) and the
 * category (`?category=`) live in the address.
 */
export function HomePage() {
  const { query, without, category, page, search, setWithout, selectCategory, showTrending } = useMarketplaceParams();
  const searchQuery = useAppSearch(query, without);
  const [trendingMessage, setTrendingMessage] = useState('');
  useDocumentTitle(query ? `AI Search Results: ${query}` : 'Discover AI Tools with Intelligence');

  const scrollToResults = useRef(false);

  useEffect(() => {
    // After a search the visitor asked for, bring the results into view (they start below the hero).
    if (!scrollToResults.current || searchQuery.isFetching || searchQuery.status === 'pending') return;
    scrollToResults.current = false;
    document.getElementById('marketplace')?.scrollIntoView({ block: 'start' });
  }, [searchQuery.isFetching, searchQuery.status]);

  const runSearch = useCallback(
    (text: string) => {
      scrollToResults.current = true;
      // The same query again asks the engine again instead of showing the cached answer; a search from the box
      // starts with every part of its understanding in use, as the form's GET does without JavaScript.
      if (text === query && without.length === 0) void searchQuery.refetch();
      else search(text);
    },
    [query, without.length, search, searchQuery],
  );

  const searching = query !== null && searchQuery.isFetching;
  const liveMessage = query
    ? searchAnnouncement(
        searchQuery.isFetching ? 'pending' : searchQuery.status,
        searchQuery.data?.apps.length ?? 0,
        searchQuery.data?.confidence ?? 0,
        searchQuery.data?.unsure === true,
      )
    : trendingMessage;

  return (
    <div className="flex min-h-screen flex-col">
      <SiteNav active="marketplace" />
      <main id="main" className="flex-1">
        <section
          aria-labelledby="hero-title"
          className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-brand-50 via-white to-slate-50"
        >
          <div className="mx-auto max-w-7xl px-4 pb-12 pt-14 text-center sm:px-6 sm:pb-16 sm:pt-20 lg:px-8">
            <p className="mx-auto mb-5 inline-flex items-center rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-800">
              AI-powered discovery, no account needed
            </p>
            <h1
              id="hero-title"
              className="mx-auto max-w-4xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl"
            >
              Discover AI Tools with <span className="text-brand-700">Intelligence</span>
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-slate-700">
              Describe what you want to build in your own words. Our AI search understands your goal and recommends the tools that
              fit, with the reason for each match.
            </p>
            {/* Reaching the search box loads the results' chunk, so a first search does not wait for it. */}
            <div className="mt-8" onFocus={prefetchSearchResults} onPointerEnter={prefetchSearchResults}>
              <SearchBox initialQuery={query ?? ''} loading={searching} onSearch={runSearch} />
            </div>
          </div>
        </section>
        <section
          aria-labelledby="marketplace-title"
          className="mx-auto w-full max-w-7xl scroll-mt-20 px-4 py-12 sm:px-6 sm:py-16 lg:px-8"
          id="marketplace"
        >
          <p role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="marketplace-live-region">
            {liveMessage}
          </p>
          {query ? (
            <Suspense fallback={<SkeletonGrid />}>
              <SearchResultsSection
                query={query}
                result={searchQuery.data}
                understood={searchQuery.data?.understood}
                without={without}
                status={searchQuery.isFetching ? 'pending' : searchQuery.status}
                onRetry={() => void searchQuery.refetch()}
                onBack={showTrending}
                onWithoutChange={setWithout}
              />
            </Suspense>
          ) : (
            <>
              <TrendingSection category={category} page={page} onSelectCategory={selectCategory} announce={setTrendingMessage} />
              <NewThisWeek />
            </>
          )}
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}

export default HomePage;
