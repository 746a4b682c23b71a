import { expect, test } from './support/test';
import { createAppViaApi, signInAsAdmin } from './support/admin-session';
import { expectNoSeriousAxeViolations } from './support/axe';
import { E2E_ADMIN } from './support/e2e-config';

test.describe('admin sign-in', () => {
  test('an unauthenticated visit to /admin leads to the login, then to the dashboard', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Email', { exact: true }).fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('AI Admin')).toBeVisible();
    await expect(page.getByText('Total Applications')).toBeVisible();
  });

  test('a signed-in visitor of /login goes on to the admin area', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('the edit page asks for a login and comes back to the app afterwards', async ({ page, browser }) => {
    const admin = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await admin.request.post('/api/login', { data: E2E_ADMIN });
    const app = await createAppViaApi(admin.request);
    await admin.close();

    await page.goto(`/app/${app.id}/edit`);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email', { exact: true }).fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/${app.id}/edit$`));
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${app.name}` })).toBeVisible();
  });

  test('logout ends the session', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('an expired session sends the admin back to the login', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.context().clearCookies();
  // Any admin call now answers 401 (the live notifications may get there first, which is fine).
  await page
    .evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="/admin?view=settings"]')?.click())
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
});

test.describe('auth test page', () => {
  test('reports a signed-out visitor and offers the login', async ({ page }) => {
    await page.goto('/auth-test');
    await expect(page.getByRole('heading', { level: 1, name: 'Authentication Test' })).toBeVisible();
    const status = page
      .locator('section, div')
      .filter({ has: page.getByRole('heading', { name: 'Authentication Status' }) })
      .last();
    await expect(status.getByText('No Token')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go to Admin' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/api/login');
    await expect(page.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/api/logout');
    await expect(page.getByRole('button', { name: 'Re-authenticate' })).toBeEnabled();
    await expectNoSeriousAxeViolations(page);
  });

  test('shows a valid session without revealing the session id or cookie values', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/auth-test');
    await expect(page.getByText('Valid', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Admin' })).toHaveAttribute('href', '/admin');
    await expect(page.getByText(E2E_ADMIN.email).first()).toBeVisible();

    const cookies = await page.context().cookies();
    expect(cookies.length).toBeGreaterThan(0);
    const text = await page.locator('main').innerText();
    for (const cookie of cookies) expect(text).not.toContain(cookie.value);
    await expect(page.getByRole('region', { name: 'Cookies' })).toContainText('[hidden]');

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('Valid', { exact: true })).toBeVisible();
  });

  test('shows a failed diagnostics call in a red card', async ({ page }) => {
    await page.route('**/api/auth/debug', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/auth-test');
    await expect(page.getByRole('alert')).toContainText('HTTP 503: Service Unavailable');
  });
});
