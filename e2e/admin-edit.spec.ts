import { expect, test } from './support/test';
import { createAppViaApi, signInAsAdmin, uniqueName } from './support/admin-session';
import { expectNoSeriousAxeViolations } from './support/axe';

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('editing an app validates, saves, and returns to the admin area', async ({ page }) => {
  const app = await createAppViaApi(page.request, {
    name: uniqueName('Editable Ink'),
    tags: ['alpha', 'beta'],
    monthlyVisitors: 1234,
  });
  await page.goto(`/app/${app.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${app.name}` })).toBeVisible();
  for (const section of [
    'Basic Information',
    'Statistics & Performance',
    'Media & Assets',
    'Analytics & Tracking',
    'Metadata',
    'Tags & Categories',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expect(page.getByText('Pending', { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel('Detected at')).toBeDisabled();
  await expect(page.getByText('Shown as 1.2K')).toBeVisible();
  await expect(page.getByRole('link', { name: /Back to All Apps/ })).toHaveAttribute('href', '/admin?view=all');
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/admin?view=all');
  await expect(page.getByRole('link', { name: 'Visit Site' })).toHaveAttribute('href', app.url);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('combobox', { name: 'Category' }).click();
  await expect(page.getByRole('option', { name: 'All', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: 'Marketing', exact: true }).click();

  await page.getByLabel('Name', { exact: true }).fill('   ');
  await page.getByLabel('Rating (1-50)').fill('51');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Rating must be between 1 and 50')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/app/${app.id}/edit$`));

  const newName = `${app.name} Pro`;
  await page.getByLabel('Name', { exact: true }).fill(newName);
  await page.getByLabel('Rating (1-50)').fill('42');
  await page.getByLabel('Monthly Visitors').fill('');
  await page.getByLabel('Traffic Growth (%)').fill('-5');

  const tagInput = page.getByLabel('New tag');
  await tagInput.fill('  gamma  ');
  await tagInput.press('Enter');
  await tagInput.fill('alpha');
  await page.getByRole('button', { name: 'Add Tag' }).click();
  await tagInput.fill('   ');
  await tagInput.press('Enter');
  await page.getByRole('button', { name: 'Remove tag beta' }).click();
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['alpha', 'gamma']);

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Published' }).click();
  await expect(page.locator('header').getByText('Published')).toBeVisible();

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'App Updated' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 5000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const stored = await (await page.request.get(`/api/admin/app/${app.id}`)).json();
  expect(stored).toMatchObject({
    name: newName,
    rating: 42,
    monthlyVisitors: 0,
    trafficGrowth: -5,
    status: 'published',
    category: 'Marketing',
    tags: ['alpha', 'gamma'],
  });
});

test('a refused save shows the server message in an Error toast', async ({ page }) => {
  const app = await createAppViaApi(page.request, { name: uniqueName('Refused Quill') });
  await page.route(`**/api/admin/apps/${app.id}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'conflict', message: 'Another app already uses this name.' } }),
        })
      : route.fallback(),
  );
  await page.goto(`/app/${app.id}/edit`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  // Title and message in one look: the toast closes itself after 5 s, and a second look may come after that on a
  // busy machine.
  const toast = page.getByRole('status').filter({ hasText: 'Another app already uses this name.' });
  await expect(toast.filter({ hasText: /Error/ })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/${app.id}/edit$`));
});

test('shows "Saving..." while the save is pending', async ({ page }) => {
  const app = await createAppViaApi(page.request, { name: uniqueName('Slow Saver') });
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/admin/apps/${app.id}`, async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    await released;
    return route.fallback();
  });
  await page.goto(`/app/${app.id}/edit`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/admin$/);
});

test('a missing app explains itself', async ({ page }) => {
  await page.goto('/app/987654321/edit');
  await expect(page.getByRole('alert')).toHaveText('App not found. Please check the URL and try again.');
  await expect(page.getByRole('link', { name: 'Back to All Apps' })).toHaveAttribute('href', '/admin?view=all');
});

test('Cancel returns to All Apps without saving', async ({ page }) => {
  const app = await createAppViaApi(page.request, { name: uniqueName('Untouched Pen') });
  await page.goto(`/app/${app.id}/edit`);
  await page.getByLabel('Name', { exact: true }).fill('Changed but cancelled');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\?view=all$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Apps' })).toBeVisible();
  const stored = await (await page.request.get(`/api/admin/app/${app.id}`)).json();
  expect(stored.name).toBe(app.name);
});
