import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { App } from '../shared/schemas/app';
import type { AdminBlogPost } from '../shared/schemas/blog';
import { createAppViaApi, signInAsAdmin, uniqueName } from './support/admin-session';
import { openInBrowser } from './support/client-render';
import { E2E_PORT } from './support/e2e-config';

// What a visitor and a curator trip over (issue 15), checked at a phone's and a laptop's width.

const cards = (page: Page) => page.locator('main article');

async function firstApp(page: Page, category = ''): Promise<App> {
  const response = await page.request.get(`/api/marketplace?limit=1${category ? `&category=${category}` : ''}`);
  const [app] = (await response.json()) as App[];
  if (!app) throw new Error('no app');
  return app;
}

const pathOf = (app: App) => `/ai-apps/${app.categorySlug}/${app.nameSlug}`;

/** Serves the app page's data with some fields replaced. */
async function patchAppPage(page: Page, app: App, changes: Partial<App>): Promise<void> {
  await page.route(`**/api/marketplace/app/${app.categorySlug}/${app.nameSlug}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ...changes } });
  });
}

async function expectNoSideScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a click anywhere on a card opens the app page and counts a view; big numbers read in B', async ({ page }) => {
      await page.route('**/api/marketplace?**', async (route) => {
        const response = await route.fetch();
        const apps = (await response.json()) as App[];
        apps[0] = { ...apps[0]!, monthlyVisitors: 5_000_000_000 };
        await route.fulfill({ response, json: apps });
      });
      await page.goto('/');
      const card = cards(page).first();
      await expect(card.locator('dd').nth(1)).toHaveText('5B visitors');
      // One link per card: the name, stretched over the card.
      await expect(card.getByRole('link')).toHaveCount(1);
      const name = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
      await expect(card.getByRole('link')).toHaveAccessibleName(name);
      const view = page.waitForRequest((request) => request.method() === 'POST' && /\/api\/apps\/\d+\/view$/.test(request.url()));
      // A click on the description, as a person would: the name's link lies stretched over it.
      await card.scrollIntoViewIfNeeded();
      const description = await card.locator('p.line-clamp-3').boundingBox();
      await page.mouse.click(description!.x + description!.width / 2, description!.y + description!.height / 2);
      await view;
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    });

    test('the category chips show that the row goes on, and the arrow brings the hidden ones in', async ({ page }) => {
      await page.goto('/');
      const filter = page.getByRole('group', { name: 'Filter by category' });
      const last = filter.getByRole('button', { name: 'Customer Support', exact: true });
      await expect(last).toBeAttached();
      await expect(last).not.toBeInViewport({ ratio: 1 });
      const forward = page.getByTestId('category-scroll-forward');
      await expect(forward).toBeVisible();
      await expect(page.getByTestId('category-scroll-back')).toHaveCount(0);
      await forward.click();
      await expect(page.getByTestId('category-scroll-back')).toBeVisible();
      // Each click scrolls most of a screen (smoothly): keep clicking until the last chip is in view.
      await expect(async () => {
        if (await forward.isVisible()) await forward.click({ timeout: 2_000 });
        await expect(last).toBeInViewport({ ratio: 1, timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(forward).toHaveCount(0);
    });

    test('the app page: half stars with the exact value, Verified only when published, pricing-true copy, an icon tile', async ({
      page,
    }) => {
      const app = await firstApp(page, 'audio');
      await patchAppPage(page, app, { rating: 45, pricingType: null, monthlyVisitors: 5_000_000_000 });
      // The patched answer is the browser's: reach the page by in-site navigation (a direct load carries the server's data).
      await openInBrowser(page, pathOf(app));
      await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible();
      const stars = page.locator('[data-star-fill]');
      await expect(stars).toHaveCount(5);
      expect(await stars.evaluateAll((labels) => labels.map((label) => label.getAttribute('data-star-fill')))).toEqual([
        'full',
        'full',
        'full',
        'full',
        'half',
      ]);
      await expect(page.getByText('Average rating 4.5 out of 5')).toBeAttached();
      await expect(page.getByText('5B', { exact: true })).toBeVisible();
      await expect(page.getByText('Verified', { exact: true })).toBeVisible();
      await expect(page.getByText(`Pricing for ${app.name} is not listed here yet.`)).toBeVisible();
      await expect(page.getByText(/subscription or a one-time payment/)).toHaveCount(0);
      await expect(page.getByRole('link', { name: /It's Free/ })).toHaveCount(0);
      await expect(
        page.getByRole('region', { name: `Ready to try ${app.name}?` }).getByRole('link', { name: /Explore Pricing & Features/ }),
      ).toBeVisible();
      // The logo service is unreachable here: the tile draws the category's icon, not an emoji.
      const tile = page.getByTestId('logo-tile').first();
      await expect(tile).toHaveAttribute('data-icon', 'audio-lines');
      await expect(tile.locator('svg')).toBeVisible();
      await expect(tile).toHaveText('');
    });

    test('a pending app in preview is not called Verified', async ({ page }) => {
      await signInAsAdmin(page);
      const app = await createAppViaApi(page.request, {
        name: uniqueName('Unreviewed Tool'),
        category: 'Research',
        pricingType: 'paid',
      });
      await page.goto(`/admin/app/${app.id}`);
      await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible();
      await expect(page.getByTestId('preview-status')).toHaveText('pending');
      await expect(page.getByText('Verified', { exact: true })).toHaveCount(0);
      await expect(page.getByTestId('logo-tile').first()).toHaveAttribute('data-icon', 'microscope');
      await expect(page.getByRole('link', { name: /Launch Now - It's Free/ })).toHaveCount(0);
    });

    test('on the app. host, the 404 page leads to the public blog', async ({ page }) => {
      await page.goto(`http://app.aitlas.test:${E2E_PORT}/no-such-page`);
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' })).toHaveAttribute(
        'href',
        `http://aitlas.test:${E2E_PORT}/blog`,
      );
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' })).toHaveAttribute(
        'href',
        `http://aitlas.test:${E2E_PORT}/`,
      );
    });

    test('the dashboard fits the screen: long searches truncate with their count in view, traffic in B', async ({ page }) => {
      await signInAsAdmin(page);
      const longQuery = `an assistant that ${'summarises very long legal contracts and '.repeat(4)}flags risky clauses`;
      await page.route('**/api/admin/analytics/trends', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        await route.fulfill({ response, json: { ...body, topQueries: [{ query: longQuery, count: 1234 }, ...body.topQueries] } });
      });
      await page.route('**/api/admin/analytics/overview', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        await route.fulfill({ response, json: { ...body, overview: { ...body.overview, totalTraffic: 9_167_360_000 } } });
      });
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.getByText('9.2B', { exact: true })).toBeVisible();
      const item = page.getByRole('listitem').filter({ hasText: longQuery });
      // The list sits below the fold once the Health card is on the dashboard: bring it up, then check the count is not pushed out sideways.
      await item.scrollIntoViewIfNeeded();
      await expect(item.getByText('1,234')).toBeInViewport();
      const [itemBox, listBox] = await Promise.all([item.boundingBox(), item.locator('xpath=..').boundingBox()]);
      expect(itemBox!.width).toBeLessThanOrEqual(listBox!.width + 0.5);
      await expect(item.getByText(longQuery)).toHaveAttribute('title', longQuery);
      await expectNoSideScroll(page);
    });

    test('Settings fits the screen with a long source URL', async ({ page }) => {
      await signInAsAdmin(page);
      const url = `https://feeds.example.com/${'very-long-path-segment/'.repeat(8)}${Date.now()}.xml`;
      const added = await page.request.post('/api/admin/discovery-sources', { data: { url, type: 'rss' } });
      expect(added.status(), await added.text()).toBe(201);
      const { id } = (await added.json()) as { id: number };
      try {
        await page.goto('/admin?view=settings');
        await expect(page.getByText(url).first()).toBeAttached();
        await expectNoSideScroll(page);
      } finally {
        await page.request.delete(`/api/admin/discovery-sources/${id}`);
      }
    });
  });
}

test.describe('curator details', () => {
  test('the categories manager offers no move or delete on All, and no Move up on the first category', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin?view=categories');
    await page.getByRole('button', { name: 'Full Manager' }).click();
    const rows = page.getByRole('table').getByRole('row');
    const allRow = rows.nth(1);
    await expect(allRow.getByRole('rowheader')).toContainText(/^All/);
    await expect(allRow.getByRole('button')).toHaveCount(1);
    await expect(allRow.getByRole('button', { name: 'Edit All' })).toBeVisible();
    const firstMovable = rows.nth(2);
    await expect(firstMovable.getByRole('button', { name: /Move .* up/ })).toBeDisabled();
    await expect(firstMovable.getByRole('button', { name: /Move .* down/ })).toBeEnabled();
    const orders = await rows.locator('td:first-child').allInnerTexts();
    expect(new Set(orders).size).toBe(orders.length);
  });

  test('an admin card says "1 view", not "1 views"', async ({ page }) => {
    await signInAsAdmin(page);
    const app = await createAppViaApi(page.request, { name: uniqueName('Single Viewer'), viewCount: 1 });
    await page.goto('/admin?view=all');
    await page.getByLabel('Search applications').fill(app.name);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: app.name, exact: true }) });
    await expect(card.getByText(/^1 view$/)).toBeVisible();
  });

  test('the enabled Go to Admin looks enabled', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/auth-test');
    const goToAdmin = page.getByRole('link', { name: 'Go to Admin' });
    await expect(goToAdmin).toBeVisible();
    const colours = await goToAdmin.evaluate((element) => ({
      background: getComputedStyle(element).backgroundColor,
      color: getComputedStyle(element).color,
    }));
    // Not the grey of the disabled look: the primary button's white text on the brand colour.
    expect(colours.color).toBe('rgb(255, 255, 255)');
    expect(colours.background).not.toMatch(/^rgb\((2[2-5]\d), (2[2-5]\d), (2[2-5]\d)\)$|oklch\(0\.9/);
  });

  test('the blog dialog sends one post however fast it is submitted, and its toasts never cover its buttons', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/admin?view=blog');
    await page.getByRole('button', { name: 'New Post' }).first().click();
    const dialog = page.getByRole('dialog');
    const slug = `double-submit-${Date.now().toString(36)}`;
    await dialog.getByLabel('Title *').fill('One post, not two');
    await dialog.getByLabel('Slug *').fill(slug);
    await dialog.getByLabel('Content (Markdown) *').fill('Text');
    await dialog.getByLabel('Author *').fill('Someone');

    // Hold the first POST so that the second submission comes while it is pending.
    const posts: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/blog', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts.push(route.request().url());
      await gate;
      return route.continue();
    });
    // Enter and a click in the same moment: two submit events before anything re-renders.
    await dialog.locator('form').evaluate((form: HTMLFormElement) => {
      form.requestSubmit();
      form.requestSubmit();
    });
    await expect(dialog.getByRole('button', { name: 'Create Post' })).toBeDisabled();
    await dialog.getByLabel('Title *').press('Enter');
    await expect(dialog.getByRole('button', { name: 'Create Post' })).toBeDisabled();
    release();
    await expect(page.getByText('Blog post created successfully', { exact: true }).first()).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expect(posts).toHaveLength(1);
    const list = (await (await page.request.get('/api/admin/blog')).json()) as AdminBlogPost[];
    expect(list.filter((post) => post.slug === slug)).toHaveLength(1);

    // The same slug again: the failure toast shows inside the dialog, and Cancel stays reachable.
    await page.getByRole('button', { name: 'New Post' }).first().click();
    await dialog.getByLabel('Title *').fill('Another post');
    await dialog.getByLabel('Slug *').fill(slug);
    await dialog.getByLabel('Content (Markdown) *').fill('Text');
    await dialog.getByLabel('Author *').fill('Someone');
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    const failure = dialog.getByText('Failed to create blog post', { exact: true });
    await expect(failure).toBeVisible();
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    for (const button of [cancel, dialog.getByRole('button', { name: 'Create Post' })]) {
      const [a, b] = await Promise.all([failure.boundingBox(), button.boundingBox()]);
      const overlaps = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
      expect(overlaps).toBe(false);
    }
    await cancel.click();
    await expect(dialog).toHaveCount(0);
  });
});
