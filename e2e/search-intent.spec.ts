import { expect as baseExpect, test } from './support/test';
import { E2E_BASE_URL } from './support/e2e-config';
import { alternativesPagePath, marketplaceApps } from './support/tool-pages';

// Searches and page loads are slow on a loaded 2-core machine: generous waits for what a user sees.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('"A vs B" leads from the search results to their comparison', async ({ page, request }) => {
  const [first, second] = await marketplaceApps(request, 'limit=2');
  await page.goto(`/?q=${encodeURIComponent(`${first!.name} vs ${second!.name}`)}`);
  await expect(page.getByRole('heading', { level: 2, name: 'AI Search Results' })).toBeVisible();
  const link = page.getByRole('link', { name: `Compare ${first!.name} and ${second!.name}` });
  await link.click();
  await expect(page).toHaveURL(/\/compare\/[^/]+-vs-[^/]+$/);
  await expect(page.locator('thead').getByRole('columnheader')).toHaveText(
    [first!, second!].sort((a, b) => (a.nameSlug < b.nameSlug ? -1 : 1)).map((app) => app.name),
  );
});

test('"alternatives to X" leads from the search results to the full list', async ({ page, request }) => {
  const [app] = await marketplaceApps(request, 'limit=1');
  await page.goto(`/?q=${encodeURIComponent(`alternatives to ${app!.name}`)}`);
  await expect(page.getByTestId('search-reasoning')).toContainText(app!.name);
  await page.getByRole('link', { name: `See all alternatives to ${app!.name}` }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}${alternativesPagePath(app!)}`);
  await expect(page.getByRole('heading', { level: 1, name: `Alternatives to ${app!.name}` })).toBeVisible();
});

test('a task query shows no comparison or alternatives link', async ({ page }) => {
  await page.goto(`/?q=${encodeURIComponent('remove the background from a product photo')}`);
  await expect(page.getByTestId('search-reasoning')).not.toBeEmpty();
  await expect(page.getByRole('link', { name: /^Compare .+ and / })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^See all alternatives to / })).toHaveCount(0);
});
