import { expect, test } from './support/test';
import { E2E_PORT } from './support/e2e-config';

const adminHost = `http://app.aitlas.test:${E2E_PORT}`;

test.describe('the app. host rule', () => {
  test('/ on an app. host shows the admin screen (or its sign-in)', async ({ page }) => {
    const response = await page.goto(`${adminHost}/`);
    expect(response?.status()).toBe(200);
    await expect(page).not.toHaveURL(`${adminHost}/privacy-policy`);
    await expect(page.getByRole('heading', { level: 1, name: 'Discover AI Tools with Intelligence' })).toHaveCount(0);
    // Signed out, the admin screen sends the visitor to sign in.
    await expect(page).toHaveURL(/\/login/);
  });

  test('unknown and main-site paths on the app. host show the 404 page with status 404', async ({ page }) => {
    for (const path of ['/no-such-page', '/blog', '/privacy-policy']) {
      const response = await page.goto(`${adminHost}${path}`);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    }
  });

  test('the main host keeps the marketplace at /', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover AI Tools with Intelligence' })).toBeVisible();
  });
});
