import { seededPages, type SeededApp, type SeededPost } from './support/seeded-pages';
import { expect, test } from './support/test';

// A visitor whose browser runs no JavaScript (or whose scripts failed to load) still reads, follows
// links, searches and pages through the marketplace: every public page is HTML from the server.
test.use({ javaScriptEnabled: false });

test.describe('public pages without JavaScript', () => {
  let app: SeededApp;
  let other: SeededApp;
  let post: SeededPost;

  test.beforeAll(async ({ request }) => {
    ({ app, other, post } = await seededPages(request));
  });

  test('home: the trending apps are links to their pages, and Load More opens the next page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Discover AI Tools with Intelligence');
    const firstCard = page.getByRole('link', { name: app.name, exact: true }).first();
    await expect(firstCard).toHaveAttribute('href', `/ai-apps/${app.categorySlug}/${app.nameSlug}`);
    const firstPageNames = await page.locator('#marketplace article h3').allTextContents();
    expect(firstPageNames).toHaveLength(12);

    await page.getByRole('link', { name: /Load More Apps/ }).click();
    await expect(page).toHaveURL(/\/\?page=2$/);
    const secondPageNames = await page.locator('#marketplace article h3').allTextContents();
    expect(secondPageNames.length).toBeGreaterThan(0);
    // The next page shows the next apps, none of the first page's.
    expect(secondPageNames.filter((name) => firstPageNames.includes(name))).toEqual([]);

    await firstCard.or(page.locator('#marketplace article a[href^="/ai-apps/"]').first()).first().click();
    await expect(page).toHaveURL(/\/ai-apps\/[^/]+\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('home: the search form is a GET of /?q= and the server answers with the results', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Describe what you want to build' }).fill('write blog posts');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/\?q=write\+blog\+posts$/);
    await expect(page.locator('#marketplace')).toContainText('AI Search Results');
    await expect(page.locator('#marketplace article').first()).toBeVisible();
  });

  test('home: a category chip is a link to the category page, which shows only that category', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('group', { name: 'Filter by category' }).locator(`a[href="/ai-apps/${app.categorySlug}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/ai-apps/${app.categorySlug}$`));
    await expect(page.locator('main article').first()).toBeVisible();
    const hrefs = await page
      .locator('main article h2 a[href^="/ai-apps/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(new RegExp(`^/ai-apps/${app.categorySlug}/`));
  });

  test('app page: its content, its alternatives and the link to the full list', async ({ page }) => {
    await page.goto(`/ai-apps/${app.categorySlug}/${app.nameSlug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(app.name);
    await expect(page.getByRole('heading', { name: `Alternatives to ${app.name}` })).toBeVisible();
    await page
      .getByRole('link', { name: /See all alternatives|All alternatives/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/ai-apps/${app.categorySlug}/${app.nameSlug}/alternatives$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Alternatives to ${app.name}`);
    await expect(page.locator('main a[href^="/ai-apps/"]').first()).toBeVisible();
  });

  test('compare page: the apps side by side', async ({ page }) => {
    await page.goto(`/compare/${app.nameSlug}-vs-${other.nameSlug}`);
    await expect(page).toHaveURL(/\/compare\//);
    const table = page.getByRole('table');
    await expect(table).toContainText(app.name);
    await expect(table).toContainText(other.name);
    await expect(table.getByRole('rowheader', { name: 'Pricing' })).toBeVisible();
  });

  test('blog: the list links to each post, and a post reads in full', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('link', { name: post.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    await expect(page.locator('article, main').first()).toContainText(/\w{20,}|\w+ \w+ \w+ \w+/);
  });

  test('legal pages and the 404 page', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Privacy Policy');
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms of Service');
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
