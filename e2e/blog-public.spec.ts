import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { openInBrowser } from './support/client-render';

// The demo seed (server/modules/blog/blog.seed.ts): four published posts, newest first, and one draft.
const NEWEST = {
  slug: 'how-to-choose-the-right-ai-tool',
  title: 'How to Choose the Right AI Tool for Your Team',
  excerpt: 'A practical checklist for picking an AI tool',
  metaDescription:
    'Define the job, trial candidates on real examples and check data handling, export and pricing: the checklist we use to choose AI tools.',
  metaTitle: 'How to Choose the Right AI Tool: a Practical Checklist',
};
const PUBLISHED_TITLES = [
  NEWEST.title,
  'Five Prompting Habits That Get Better Answers',
  'AI Coding Assistants: a Workflow That Stays Safe',
  'Chat With Your Documents: Retrieval-Augmented Generation Explained',
];
const DRAFT_TITLE = 'Measuring the ROI of AI Tools';

const cards = (page: Page) => page.getByRole('list', { name: 'Articles' }).getByRole('article');

test.describe('blog list', () => {
  test('shows the hero, the published posts as cards and no draft', async ({ page }) => {
    const response = await page.goto('/blog');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Insights & Innovation' })).toBeVisible();
    await expect(
      page.getByText(/Expert insights, the latest trends and practical guides on artificial intelligence/),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await expect(cards(page)).toHaveCount(PUBLISHED_TITLES.length);
    await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(PUBLISHED_TITLES);
    await expect(page.getByText(DRAFT_TITLE)).toHaveCount(0);

    const first = cards(page).first();
    await expect(first.getByText('Guides', { exact: true })).toBeVisible();
    await expect(first.getByText('6 min read')).toBeVisible();
    await expect(first.getByText(NEWEST.excerpt)).toBeVisible();
    await expect(first.getByText('Aitlas Editorial Team')).toBeVisible();
    await expect(first.getByText('AE', { exact: true })).toBeVisible();
    await expect(first.getByText('January 20, 2025')).toBeVisible();
    await expect(first.getByRole('list', { name: `Tags of ${NEWEST.title}` }).getByRole('listitem')).toHaveText([
      '#buying guide',
      '#evaluation',
      '#teams',
    ]);
    // The excerpt is clamped to three lines.
    await expect(first.getByText(NEWEST.excerpt)).toHaveCSS('-webkit-line-clamp', '3');
    // No image in the seed: the placeholder stands in.
    await expect(first.getByTestId('blog-cover-placeholder')).toBeVisible();

    const footer = page.getByRole('contentinfo');
    for (const name of ['Marketplace', 'Privacy Policy', 'Terms of Service'])
      await expect(footer.getByRole('link', { name })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  test('filters by category chips in the browser; All is listed once', async ({ page }) => {
    await page.goto('/blog');
    const chips = page.getByRole('group', { name: 'Filter articles by category' }).getByRole('button');
    await expect(chips).toHaveText(['All', 'Guides', 'Productivity', 'Development']);
    await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');

    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/blog')) requests += 1;
    });
    await page.getByRole('button', { name: 'Guides' }).click();
    await expect(page.getByRole('button', { name: 'Guides' })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page).getByRole('heading')).toHaveText([PUBLISHED_TITLES[0] ?? '', PUBLISHED_TITLES[3] ?? '']);
    await page.getByRole('button', { name: 'Development' }).click();
    await expect(cards(page).getByRole('heading')).toHaveText([PUBLISHED_TITLES[2] ?? '']);
    await page.getByRole('button', { name: 'All' }).click();
    await expect(cards(page)).toHaveCount(PUBLISHED_TITLES.length);
    expect(requests).toBe(0);
  });

  test('a card opens its post and the page scrolls back to the top', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 600 });
    await page.goto('/blog');
    const last = cards(page).last();
    await last.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await last.getByRole('link').click();
    await expect(page).toHaveURL(/\/blog\/retrieval-augmented-generation-explained$/);
    await expect(page.getByRole('heading', { level: 1, name: PUBLISHED_TITLES[3] })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('blog post', () => {
  test('shows the post with its meta line, sanitised content, call to action and footer', async ({ page }) => {
    await page.goto('/blog');
    await page.getByRole('link', { name: NEWEST.title }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${NEWEST.slug}$`));

    await expect(page.getByRole('heading', { level: 1, name: NEWEST.title })).toBeVisible();
    await expect(page).toHaveTitle(`${NEWEST.title} | Aitlas`);
    const article = page.getByRole('article');
    await expect(article.getByText('Guides', { exact: true })).toBeVisible();
    await expect(article.getByText('6 min read')).toBeVisible();
    await expect(article.getByText(NEWEST.excerpt)).toBeVisible();
    await expect(article.getByText('Aitlas Editorial Team')).toBeVisible();
    await expect(article.getByText('January 20, 2025')).toBeVisible();
    await expect(article.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
      '#buying guide',
      '#evaluation',
      '#teams',
    ]);

    const content = page.getByTestId('blog-post-content');
    await expect(content.getByRole('heading', { level: 2, name: 'Start with the job, not the tool' })).toBeVisible();
    await expect(content.getByRole('listitem').first()).toBeVisible();
    const external = content.getByRole('link', { name: 'NIST AI Risk Management Framework' });
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(content.getByRole('link', { name: 'Describe your task in the marketplace search' })).toHaveAttribute(
      'href',
      '/',
    );

    const nav = page.getByRole('navigation', { name: 'Article' });
    await expect(nav.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
    await expect(nav.getByRole('button', { name: 'Share' })).toBeVisible();

    await expect(page.getByRole('heading', { level: 2, name: 'Explore More AI Tools' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse AI Marketplace' })).toHaveAttribute('href', '/');
    const footer = page.getByRole('contentinfo');
    for (const name of ['Blog', 'Privacy Policy', 'Terms of Service'])
      await expect(footer.getByRole('link', { name })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('link', { name: 'Read More Articles' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Insights & Innovation' })).toBeVisible();
  });

  test('the server renders the head of a post: title, description, canonical, Open Graph and BlogPosting', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get(`/blog/${NEWEST.slug}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain(`<title>${NEWEST.metaTitle} | Aitlas</title>`);
    expect(html).toContain(`<meta name="description" content="${NEWEST.metaDescription}" />`);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/blog/${NEWEST.slug}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) =>
      JSON.parse(match[1] ?? '{}'),
    );
    expect(jsonLd).toContainEqual(
      expect.objectContaining({
        '@type': 'BlogPosting',
        headline: NEWEST.title,
        datePublished: '2025-01-20T09:00:00.000Z',
        author: { '@type': 'Person', name: 'Aitlas Editorial Team' },
      }),
    );
    // No executable inline script: only the bundle, JSON-LD and the page's JSON data (issue 12), all data blocks.
    expect(html).not.toMatch(/<script(?![^>]*(type="application\/(ld\+)?json"|src=))[^>]*>/);

    const draft = await request.get('/blog/measuring-the-roi-of-ai-tools');
    expect(draft.status()).toBe(404);
  });

  test('the RSS feed lists the published posts with absolute links', async ({ request, baseURL }) => {
    const response = await request.get('/blog/rss.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/rss+xml');
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain(`<link>${baseURL}/blog/${NEWEST.slug}</link>`);
    expect(xml.match(/<item>/g)).toHaveLength(PUBLISHED_TITLES.length);
    expect(xml).not.toContain('measuring-the-roi-of-ai-tools');
  });

  test('an unknown or draft slug shows Blog Post Not Found with a way back', async ({ page }) => {
    for (const slug of ['no-such-post', 'measuring-the-roi-of-ai-tools']) {
      const response = await page.goto(`/blog/${slug}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Blog Post Not Found' })).toBeVisible();
      await expect(page.getByText("The blog post you're looking for doesn't exist.")).toBeVisible();
    }
    await page.getByRole('main').getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Insights & Innovation' })).toBeVisible();
  });

  test('shows the loading text while the post is on its way', async ({ page }) => {
    // The post is held back until the loading text has been seen, then let through.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/blog/*', async (route) => {
      await gate;
      await route.continue();
    });
    // A post opened directly arrives in the server's HTML; the loading text is for posts the browser fetches.
    await openInBrowser(page, `/blog/${NEWEST.slug}`);
    await expect(page.getByRole('status').getByText('Loading blog post...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: NEWEST.title })).toBeVisible();
  });
});

test.describe('share', () => {
  test('copies the link when native sharing is unavailable', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    await page.goto(`/blog/${NEWEST.slug}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied!', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/blog/${NEWEST.slug}`);
  });

  test('uses the native share sheet with the title, excerpt and address when there is one', async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          (window as unknown as { __shared: ShareData }).__shared = data;
          return Promise.resolve();
        },
      });
    });
    await page.goto(`/blog/${NEWEST.slug}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared?: ShareData }).__shared))
      .toEqual({
        title: NEWEST.title,
        text: expect.stringContaining(NEWEST.excerpt),
        url: `${baseURL}/blog/${NEWEST.slug}`,
      });
    await expect(page.getByText('Link copied!', { exact: true })).toHaveCount(0);
  });
});
