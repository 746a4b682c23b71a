import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { openInBrowser } from './support/client-render';
import { expectNoSeriousAxeViolations } from './support/axe';

const box = (page: Page) => page.getByRole('searchbox', { name: 'Describe what you want to build' });
const searchButton = (page: Page) => page.getByRole('button', { name: 'Search', exact: true });
const cards = (page: Page) => page.locator('main article');

test.describe('AI search on the home page', () => {
  test('a chip, then Search: results title, reasoning, cards with match reasons and the success toast', async ({ page }) => {
    await page.goto('/');
    await expect(cards(page)).toHaveCount(12);
    await page.getByRole('button', { name: 'Image Generation', exact: true }).click();
    const query = await box(page).inputValue();
    await searchButton(page).click();

    await expect(page.getByRole('heading', { level: 2, name: 'AI Search Results' })).toBeVisible();
    await expect(page).toHaveURL(`/?q=${encodeURIComponent(query).replace(/%20/g, '+')}`);
    await expect(page.getByTestId('search-reasoning')).not.toBeEmpty();
    const count = await cards(page).count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(12);
    await expect(page.getByTestId('match-reason')).toHaveCount(count);
    await expect(page.getByText(new RegExp(`^Found ${count} relevant apps? with \\d+% confidence$`))).toBeVisible();
    await expect(page.getByText('AI Search Complete', { exact: true })).toBeVisible();
    // The category filter and Load More belong to the trending view only.
    await expect(page.getByRole('group', { name: 'Filter by category' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Load More Apps/ })).toHaveCount(0);
    await expect(page.getByTestId('marketplace-live-region')).toContainText(
      `found ${count} relevant app${count === 1 ? '' : 's'}`,
    );
  });

  test('Enter searches; the button is disabled while blank and while the search runs, with the spinner text', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(searchButton(page)).toBeDisabled();
    await box(page).fill('   ');
    await expect(searchButton(page)).toBeDisabled();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/search', async (route) => {
      await gate;
      await route.continue();
    });
    await box(page).fill('write blog posts faster');
    await expect(searchButton(page)).toBeEnabled();
    await box(page).press('Enter');
    await expect(page.getByText('AI is analyzing your request...').first()).toBeVisible();
    await expect(searchButton(page)).toBeDisabled();
    await expect(page.getByTestId('app-card-skeleton')).toHaveCount(6);
    release();
    await expect(page.getByRole('heading', { level: 2, name: 'AI Search Results' })).toBeVisible();
    await expect(page).toHaveURL(/\?q=write\+blog\+posts\+faster$/);
    await expect(searchButton(page)).toBeEnabled();
  });

  test('an empty answer says "No apps found matching your search."', async ({ page }) => {
    await page.route('**/api/search', (route) =>
      route.fulfill({ json: { apps: [], confidence: 0.08, reasoning: 'Nothing in the catalogue serves this need.' } }),
    );
    await openInBrowser(page, '/?q=qwzx+plorb');
    await expect(page.getByRole('heading', { level: 2, name: 'AI Search Results' })).toBeVisible();
    await expect(page.getByText('No apps found matching your search.').first()).toBeVisible();
    await expect(page.getByTestId('search-reasoning')).toHaveText('Nothing in the catalogue serves this need.');
    // The toast says the same, not "Found 0 relevant apps with 8% confidence".
    await expect(page.locator('li', { hasText: 'AI Search Complete' })).toContainText('No apps found matching your search.');
    await expect(page.getByText(/relevant apps? with/)).toHaveCount(0);
    await expect(cards(page)).toHaveCount(0);
  });

  test('a failing search shows the "Search Failed" toast', async ({ page }) => {
    await page.route('**/api/search', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto('/');
    await box(page).fill('edit my podcast audio');
    await searchButton(page).click();
    await expect(page.getByText('Search Failed', { exact: true })).toBeVisible();
    await expect(page.getByText('AI search encountered an error. Please try again.').first()).toBeVisible();
    await expect(searchButton(page)).toBeEnabled();
  });

  test('the query lives in the URL: reload, Back to trending and Forward again', async ({ page }) => {
    await page.goto('/');
    await expect(cards(page)).toHaveCount(12);
    await box(page).fill('make a logo for my bakery');
    await box(page).press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'AI Search Results' })).toBeVisible();
    // The heading shows while the search runs: the results are the cards once the skeletons have gone.
    await expect(page.getByTestId('app-card-skeleton')).toHaveCount(0);
    await expect(cards(page).first()).toBeVisible();
    const results = await cards(page).locator('h3').allTextContents();

    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'AI Search Results' })).toBeVisible();
    await expect(box(page)).toHaveValue('make a logo for my bakery');
    await expect(cards(page).locator('h3')).toHaveText(results);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: 'Trending AI Tools' })).toBeVisible();
    await expect(box(page)).toHaveValue('');
    await page.goForward();
    await expect(page.getByRole('heading', { level: 2, name: 'AI Search Results' })).toBeVisible();
    await expect(box(page)).toHaveValue('make a logo for my bakery');

    await page.getByRole('button', { name: 'Back to trending apps' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Trending AI Tools' })).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
  });

  test('search results have no serious accessibility violations', async ({ page }) => {
    await page.goto('/?q=summarize+meeting+notes');
    await expect(page.getByRole('heading', { level: 2, name: 'AI Search Results' })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});
