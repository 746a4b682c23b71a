import { expect, test } from './support/test';
import { E2E_ADMIN, E2E_PORT } from './support/e2e-config';

// Chromium resolves app.aitlas.test to this machine (playwright.config.ts). Cookies are per host,
// so the admin signs in on the app. host itself.
const adminHost = `http://app.aitlas.test:${E2E_PORT}`;
test.use({ baseURL: adminHost });

test('the app. host shows the admin screen at / after signing in there', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(`${adminHost}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(`${adminHost}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Site' })).toHaveAttribute('href', `http://aitlas.test:${E2E_PORT}/`);

  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'All Apps' }).click();
  await expect(page).toHaveURL(`${adminHost}/?view=all`);
  await expect(page.getByText(/^Showing 1–[\d,]+ of [\d,]+ applications$/)).toBeVisible();

  // A write sent by the admin host's own page (Origin app.aitlas.test) passes the same-site check.
  const app = await page.evaluate(async () => {
    const response = await fetch('/api/admin/apps', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Host Check ${Date.now()}`,
        url: 'https://host-check.example.com',
        description: 'Made on the admin host.',
        category: 'Writing',
      }),
    });
    if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number; name: string };
  });
  await page.goto(`/app/${app.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${app.name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(`${adminHost}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('the public pages are not served on the app. host', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test("the app. host's 404 page links the footer's pages on the site's host, where they exist", async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  const footer = page.getByRole('navigation', { name: 'Footer' });
  const site = `http://aitlas.test:${E2E_PORT}`;
  await expect(footer.getByRole('link', { name: 'Marketplace' })).toHaveAttribute('href', `${site}/`);
  await expect(footer.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', `${site}/blog`);
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', `${site}/privacy-policy`);
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', `${site}/terms-of-service`);
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(`${site}/terms-of-service`);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
