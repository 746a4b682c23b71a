import type { PageHead } from './page-head';

/** The crawler fallback is shown for a moment before the SPA starts: readable, and nothing fancy. */
export const FALLBACK_STYLE = 'max-width:64rem;margin:0 auto;padding:2rem 1rem;line-height:1.6';

/** The 404 page's head, status and crawler body. */
export const notFoundHead = (): PageHead => ({
  status: 404,
  title: 'Page not found',
  description: 'The page you are looking for does not exist or has moved.',
  canonicalPath: '/',
  noindex: true,
  bodyHtml: `<main style="${FALLBACK_STYLE}"><h1>404 Page Not Found</h1><p>The page you are looking for does not exist or has moved.</p><p><a href="/">Back to Home</a></p></main>`,
});
