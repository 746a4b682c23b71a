import { dehydrate, type Query } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { renderToString } from 'react-dom/server';
import { matchPage, type PageName } from '@shared/page-routes';
import { createQueryClient } from '@client/lib/query-client';
import { App } from './app/app';
import { loadPage } from './app/page';

export { setApiFetcher, type ApiFetcher } from '@client/lib/api-client';

/** What the server asks to render: a public page's address. */
export interface RenderRequest {
  pathname: string;
  /** The query string with its `?`, or empty. */
  search: string;
  hostname: string;
}

/** A rendered page: the body inside #root, and the query cache the browser hydrates from. */
export interface RenderedPage {
  html: string;
  /** The dehydrated TanStack Query cache (JSON-safe). */
  state: unknown;
  page: PageName;
}

// Data of a page may depend on other data (the alternatives of the app the address names): a few
// rounds of "render, fetch what the page asked for" settle every page of the site in two or three.
const MAX_DATA_ROUNDS = 4;

function wantsData(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  // Observer options (`enabled`) are kept on the query's options although its type omits them.
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders a public page with the components the browser uses. The page's queries run on the
 * server (through the fetcher set with `setApiFetcher`) until the page asks for nothing more; the
 * final HTML is prerendered with every Suspense boundary resolved, and the cache is dehydrated so
 * that the browser hydrates without fetching again.
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const { route } = matchPage(request.pathname, request.hostname);
  await loadPage(route.page);
  const queryClient = createQueryClient();
  const location = { hostname: request.hostname, ssrPath: request.pathname, ssrSearch: request.search.replace(/^\?/, '') };
  const tree = <App queryClient={queryClient} location={location} />;
  for (let round = 0; round < MAX_DATA_ROUNDS; round += 1) {
    renderToString(tree);
    const wanted = queryClient.getQueryCache().getAll().filter(wantsData);
    if (wanted.length === 0) break;
    // A failed query stays in error; the page shows its error state and the browser tries again.
    await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
  }
  // Every boundary inline, whatever its size: React outlines a large one (its content after the page, moved in by
  // an inline script), which the Content-Security-Policy refuses, so its fallback would stay until the browser
  // rendered it again (React error 419). The search results' boundary on /?q=… is such a one.
  const { prelude } = await prerenderToNodeStream(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await streamToString(prelude);
  const state = dehydrate(queryClient);
  queryClient.clear();
  return { html, state, page: route.page };
}
