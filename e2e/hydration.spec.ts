import type { Page, Request } from '@playwright/test';
import { seededPages, type SeededApp, type SeededPost } from './support/seeded-pages';
import { expect, test } from './support/test';

/**
 * Opens a server-rendered page with JavaScript on and records what a visitor's console and network
 * show: console errors and warnings (React reports hydration mismatches there), anything the
 * Content-Security-Policy refused (Chrome reports a refused `eval` only as an issue, not in the
 * console), and every API read the page makes after the server already sent its data.
 */
async function openHydrated(page: Page, path: string) {
  const messages: string[] = [];
  const apiReads: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (text: string) => messages.push(`csp: ${text}`));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportPolicyViolation: (text: string) => void }).reportPolicyViolation;
    document.addEventListener('securitypolicyviolation', (event) =>
      report(`${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`),
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) apiReads.push(`${url.pathname}${url.search}`);
  });
  await page.goto(path);
  // React marks the document once it owns it: hydration is over and its effects have run.
  await expect(page.locator('html')).toHaveAttribute('data-started', 'true');
  return { messages, apiReads };
}

test.describe('hydration of server-rendered pages', () => {
  let app: SeededApp;
  let other: SeededApp;
  let post: SeededPost;
  let task: { slug: string; name: string };

  test.beforeAll(async ({ request }) => {
    ({ app, other, post } = await seededPages(request));
    const [first] = (await (await request.get('/api/v1/tasks')).json()) as { slug: string; name: string }[];
    if (!first) throw new Error('no task page in the demo catalogue');
    task = first;
  });

  const pages: { name: string; path: () => string; visible: () => string }[] = [
    { name: 'home', path: () => '/', visible: () => 'Trending AI Tools' },
    { name: 'home with a category', path: () => '/?category=design', visible: () => 'Trending AI Tools' },
    { name: 'home with a search', path: () => '/?q=write%20blog%20posts', visible: () => 'AI Search Results' },
    { name: 'app page', path: () => `/ai-apps/${app.categorySlug}/${app.nameSlug}`, visible: () => app.name },
    {
      name: 'alternatives page',
      path: () => `/ai-apps/${app.categorySlug}/${app.nameSlug}/alternatives`,
      visible: () => `Alternatives to ${app.name}`,
    },
    { name: 'compare page', path: () => `/compare/${app.nameSlug}-vs-${other.nameSlug}`, visible: () => app.name },
    { name: 'category page', path: () => `/ai-apps/${app.categorySlug}?sort=newest`, visible: () => 'AI Tools' },
    { name: 'task index', path: () => '/best', visible: () => 'Best AI tools for every task' },
    { name: 'task page', path: () => `/best/${task.slug}`, visible: () => task.name },
    { name: 'saved page', path: () => '/saved', visible: () => 'Saved apps' },
    { name: 'blog list', path: () => '/blog', visible: () => 'AI Insights & Innovation' },
    { name: 'blog post', path: () => `/blog/${post.slug}`, visible: () => post.title },
    { name: 'privacy policy', path: () => '/privacy-policy', visible: () => 'Privacy Policy' },
    { name: 'terms of service', path: () => '/terms-of-service', visible: () => 'Terms of Service' },
    { name: '404 page', path: () => '/no-such-page', visible: () => '404 Page Not Found' },
  ];

  for (const entry of pages) {
    test(`${entry.name}: hydrates without console errors, hydration warnings, policy violations or a repeated data request`, async ({
      page,
    }) => {
      const { messages, apiReads } = await openHydrated(page, entry.path());
      await expect(page.locator('main')).toContainText(entry.visible());
      // The logo service is unreachable in this suite: its failed image loads are not the page's fault.
      expect(messages.filter((message) => !/Failed to load resource/.test(message))).toEqual([]);
      expect(apiReads).toEqual([]);
    });
  }

  test('after hydration the page is interactive: Load More fetches the next page in place', async ({ page }) => {
    await openHydrated(page, '/');
    const cards = page.locator('#marketplace article');
    const before = await cards.count();
    await page
      .getByRole('link', { name: /Load More/ })
      .or(page.getByRole('button', { name: /Load More/ }))
      .first()
      .click();
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
    await expect(page).toHaveURL(/\/$|\/\?/);
  });
});

test('text typed into the search box before the page hydrates is what gets searched', async ({ page }) => {
  // The page's JavaScript is held back until the visitor has typed, as on a slow phone.
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const box = page.getByRole('searchbox', { name: 'Describe what you want to build' });
  await box.fill('edit my podcast audio');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-started', 'true');
  await expect(box).toHaveValue('edit my podcast audio');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'AI Search Results' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=edit(\+|%20)my(\+|%20)podcast(\+|%20)audio/);
});
