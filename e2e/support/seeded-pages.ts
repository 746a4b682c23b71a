import type { APIRequestContext } from '@playwright/test';

/** The fields of a seeded app that the page-by-page specs build their paths and expectations from. */
export interface SeededApp {
  id: number;
  name: string;
  categorySlug: string;
  nameSlug: string;
}

export interface SeededPost {
  slug: string;
  title: string;
}

/**
 * The two most trending apps and the newest blog post of the seeded demo data, read from the public API, so the
 * specs that visit every public page (with and without JavaScript) open the same pages as a visitor would.
 */
export async function seededPages(request: APIRequestContext): Promise<{ app: SeededApp; other: SeededApp; post: SeededPost }> {
  const apps = (await (await request.get('/api/marketplace?limit=2')).json()) as SeededApp[];
  const posts = (await (await request.get('/api/blog')).json()) as SeededPost[];
  const [app, other] = apps;
  const [post] = posts;
  if (!app || !other || !post) throw new Error('the seeded catalogue is missing');
  return { app, other, post };
}
