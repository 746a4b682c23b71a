import { expect, test } from './support/test';
import { createAppViaApi, signInAsAdmin } from './support/admin-session';

test('an app with a 200-character name has a working public page (its slug is over 100 characters)', async ({ page }) => {
  await signInAsAdmin(page);
  const name = `Long Named ${Date.now().toString(36)} ${'Assistant '.repeat(20)}`.slice(0, 200).trim();
  const app = await createAppViaApi(page.request, { name, status: 'published' });
  expect(app.nameSlug.length).toBeGreaterThan(100);
  await page.goto(`/ai-apps/${app.categorySlug}/${app.nameSlug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('App Not Found')).toHaveCount(0);
});
