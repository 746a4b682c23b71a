import type { PageHead } from '../../lib/page-head';

/** The 404 page's head and status (its body is the client's not-found page, rendered on the server). */
export const notFoundHead = (): PageHead => ({
  status: 404,
  title: 'Page not found',
  description: 'The page you are looking for does not exist or has moved.',
  canonicalPath: '/',
  noindex: true,
});
