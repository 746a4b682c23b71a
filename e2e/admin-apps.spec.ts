import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createAppViaApi, signInAsAdmin, uniqueName } from './support/admin-session';
import { expectNoSeriousAxeViolations } from './support/axe';

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

async function searchApps(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search applications').fill(text);
}

const cardOf = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('All Apps searches on the server, filters by status and counts', async ({ page }) => {
  const name = uniqueName('Searchable Quill');
  await createAppViaApi(page.request, {
    name,
    status: 'rejected',
    description: 'Rewrites paragraphs in the style of a famous novelist.',
  });
  await page.goto('/admin?view=all');
  // The count line says which apps the page shows: 24 of them, not the whole catalogue.
  await expect(page.getByText(/^Showing 1–24 of [\d,]+ applications$/)).toBeVisible();
  const total = Number(
    (await page.getByText(/^Showing 1–24 of [\d,]+ applications$/).innerText()).match(/of ([\d,]+)/)?.[1]?.replace(/,/g, ''),
  );
  expect(total).toBeGreaterThan(24);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Page 1 of');
  await expectNoSeriousAxeViolations(page);

  await searchApps(page, 'famous novelist');
  await expect(page.getByText(`Showing 1 of 1 matching application (${total.toLocaleString('en-US')} in all)`)).toBeVisible();
  const card = cardOf(page, name);
  await expect(card).toBeVisible();
  await expect(card.getByText('Rejected')).toBeVisible();
  await expect(card.getByText('Writing')).toBeVisible();
  await expect(card.getByText('alpha')).toBeVisible();
  await expect(card.getByText('+2')).toBeVisible();
  await expect(card.getByRole('link', { name: `Edit ${name}` })).toHaveAttribute('href', /\/app\/\d+\/edit$/);
  await expect(card.getByRole('link', { name: `Preview ${name}` })).toHaveAttribute('href', /\/admin\/app\/\d+$/);

  await searchApps(page, '');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Rejected' }).click();
  // The exact count of rejected apps: while the filtered list loads, the previous list stays on screen under a line
  // that already says "matching", and a looser pattern matched that line (a wait that passed too early).
  const rejected = Number((await page.request.get('/api/admin/apps?status=rejected&limit=1')).headers()['x-total-count']);
  expect(rejected).toBeGreaterThan(1);
  await expect(
    page.getByText(
      `Showing 1–${Math.min(rejected, 24)} of ${rejected} matching applications (${total.toLocaleString('en-US')} in all)`,
      {
        exact: true,
      },
    ),
  ).toBeVisible();
  const badges = page.getByRole('list', { name: 'Applications' }).locator('h3 + span');
  await expect(badges.first()).toHaveText('Rejected');
  expect(new Set(await badges.allInnerTexts())).toEqual(new Set(['Rejected']));
});

test('while another filter or page loads, the count line says so and the stale page cannot be ticked whole', async ({ page }) => {
  await createAppViaApi(page.request, { name: uniqueName('Held Back'), status: 'rejected' });
  // The requests under test are held until the test lets them go: the moment between the new filter and its
  // answer lasts as long as the assertions need, whatever the machine's speed.
  const held: Array<() => Promise<void>> = [];
  const arrived: Array<() => void> = [];
  const hold = (match: (url: URL) => boolean) =>
    page.route(
      (url) => url.pathname === '/api/admin/apps' && match(url),
      (route) =>
        new Promise<void>((release) => {
          held.push(() => route.continue().then(release));
          arrived.shift()?.();
        }),
    );
  const nextRequest = () => new Promise<void>((resolve) => arrived.push(resolve));

  await page.goto('/admin?view=all');
  const firstPage = page.getByText(/^Showing 1–24 of [\d,]+ applications$/);
  await expect(firstPage).toBeVisible();
  const total = Number((await firstPage.innerText()).match(/of ([\d,]+)/)?.[1]?.replace(/,/g, ''));
  const list = page.getByRole('list', { name: 'Applications' });
  const loading = page.getByText('Loading applications...', { exact: true });
  const anyCount = page.getByText(/^(Showing |No applications)/);

  // Rejected: the first page's apps stay on screen until the rejected ones arrive; no count may describe them.
  await hold((url) => url.searchParams.get('status') === 'rejected');
  let request = nextRequest();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Rejected' }).click();
  await request;
  await expect(loading).toBeVisible();
  await expect(anyCount).toHaveCount(0);
  await expect(list).toHaveAttribute('aria-busy', 'true');
  // Ticking "all on this page" now would select the apps of the previous filter, which the new one may not hold.
  const selectAll = page.getByRole('checkbox', { name: 'Select all on this page' });
  await expect(selectAll).toBeDisabled();
  // Nor may the pager count pages of the previous filter's total, or lead to a page the new filter may not have.
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(pager.getByText(/ of \d+$/)).toHaveCount(0);
  await held.shift()?.();
  await expect(selectAll).toBeEnabled();
  const rejected = Number((await page.request.get('/api/admin/apps?status=rejected&limit=1')).headers()['x-total-count']);
  await expect(
    page.getByText(
      `Showing 1–${Math.min(rejected, 24)} of ${rejected} matching application${rejected === 1 ? '' : 's'} (${total.toLocaleString('en-US')} in all)`,
      {
        exact: true,
      },
    ),
  ).toBeVisible();
  await expect(loading).toHaveCount(0);
  await expect(list).toHaveAttribute('aria-busy', 'false');

  // The next page of every status: page 1's apps stay on screen until page 2 arrives.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All Status' }).click();
  await expect(firstPage).toBeVisible();
  await hold((url) => url.searchParams.get('offset') === '24' && !url.searchParams.has('status'));
  request = nextRequest();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
  await request;
  await expect(loading).toBeVisible();
  await expect(anyCount).toHaveCount(0);
  await expect(list).toHaveAttribute('aria-busy', 'true');
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await held.shift()?.();
  await expect(page.getByText(/^Showing 25–\d+ of [\d,]+ applications$/)).toBeVisible();
  await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeEnabled();
  await expect(list).toHaveAttribute('aria-busy', 'false');
});

test('the status menu offers the moves of each status', async ({ page }) => {
  const app = await createAppViaApi(page.request, { name: uniqueName('Status Walker') });
  await page.goto('/admin?view=all');
  await searchApps(page, app.name);
  const card = cardOf(page, app.name);
  await expect(card.getByText('Pending')).toBeVisible();

  await card.getByRole('button', { name: `Actions for ${app.name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Reject' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Status Updated' })).toBeVisible();
  await expect(card.getByText('Approved')).toBeVisible();

  await card.getByRole('button', { name: `Actions for ${app.name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Approve' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Publish' }).click();
  await expect(card.getByText('Published')).toBeVisible();

  await card.getByRole('button', { name: `Actions for ${app.name}` }).click();
  await page.getByRole('menuitem', { name: 'Unpublish' }).click();
  await expect(card.getByText('Approved')).toBeVisible();

  const stored = await (await page.request.get(`/api/admin/app/${app.id}`)).json();
  expect(stored.status).toBe('approved');
});

test('deleting one app asks first', async ({ page }) => {
  const app = await createAppViaApi(page.request, { name: uniqueName('Doomed Widget') });
  await page.goto('/admin?view=all');
  await searchApps(page, app.name);
  const card = cardOf(page, app.name);

  await card.getByRole('button', { name: `Actions for ${app.name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${app.name}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: `Actions for ${app.name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'App Deleted' })).toBeVisible();
  await expect(card).toHaveCount(0);
  expect((await page.request.get(`/api/admin/app/${app.id}`)).status()).toBe(404);
});

test('bulk delete removes the selected apps after its confirmation', async ({ page }) => {
  const prefix = uniqueName('Bulk Batch');
  const first = await createAppViaApi(page.request, { name: `${prefix} One` });
  const second = await createAppViaApi(page.request, { name: `${prefix} Two` });
  await page.goto('/admin?view=all');
  await searchApps(page, prefix);
  await expect(page.getByText(/^Showing 1–2 of 2 matching applications/)).toBeVisible();

  const deleteButton = page.getByRole('button', { name: /^Delete/ }).first();
  await expect(deleteButton).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Select all' }).click();
  await expect(page.getByRole('checkbox', { name: `Select ${first.name}` })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: `Select ${second.name}` })).toBeChecked();
  await page.getByRole('button', { name: 'Delete (2)' }).click();

  const confirm = page.getByRole('alertdialog', { name: 'Delete 2 applications?' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(cardOf(page, first.name)).toBeVisible();

  await page.getByRole('button', { name: 'Delete (2)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Selected' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bulk Delete Started' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No applications match' })).toBeVisible();
  expect((await page.request.get(`/api/admin/app/${first.id}`)).status()).toBe(404);
  expect((await page.request.get(`/api/admin/app/${second.id}`)).status()).toBe(404);
});

test('select all selects this page, then offers every matching app, and bulk delete removes all of them', async ({ page }) => {
  const prefix = uniqueName('Paged Batch');
  const records = Array.from({ length: 30 }, (_, index) => ({
    name: `${prefix} ${index + 1}`,
    url: `https://paged-batch-${Date.now().toString(36)}-${index}.example.com`,
    category: 'Writing',
    description: 'An application made to fill more than one page of All Apps.',
  }));
  const imported = await page.request.post('/api/admin/apps/import?status=pending', { data: records });
  expect(imported.status(), await imported.text()).toBe(201);
  const bystander = await createAppViaApi(page.request, { name: uniqueName('Bystander') });

  await page.goto('/admin?view=all');
  await searchApps(page, prefix);
  await expect(page.getByText(/^Showing 1–24 of 30 matching applications \([\d,]+ in all\)$/)).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select all on this page' }).click();
  await expect(page.getByText('(24 selected)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete (24)' })).toBeVisible();
  await page.getByRole('button', { name: 'Select all 30 matching applications' }).click();
  await expect(page.getByText('(30 selected)')).toBeVisible();
  // The selection holds across pages.
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/^Showing 25–30 of 30 matching applications/)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Select ${prefix} 1`, exact: true })).toBeChecked();

  await page.getByRole('button', { name: 'Delete (30)' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 30 applications?' });
  await expect(confirm).toContainText('not only the ones on this page');
  await confirm.getByRole('button', { name: 'Delete Selected' }).click();
  await expect(page.getByRole('status').filter({ hasText: '30 applications deleted.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No applications match' })).toBeVisible();
  expect((await page.request.get(`/api/admin/app/${bystander.id}`)).status()).toBe(200);
});

test('remove duplicates keeps the oldest entry per name after its confirmation', async ({ page }) => {
  const name = uniqueName('Twin Engine');
  const oldest = await createAppViaApi(page.request, { name });
  const copy = await createAppViaApi(page.request, { name: `  ${name.toUpperCase()} ` });
  await page.goto('/admin?view=all');

  await page.getByRole('button', { name: 'Remove Duplicates' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove duplicate applications?' });
  await expect(confirm).toContainText('only the oldest entry is kept');
  await confirm.getByRole('button', { name: 'Remove Duplicates' }).click();
  // One look at the whole toast: it closes itself after 5 s, and a second look may come after that on a busy machine.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Duplicates Removed' })
      .filter({ hasText: /Removed \d+ duplicate apps, kept \d+/ }),
  ).toBeVisible();

  expect((await page.request.get(`/api/admin/app/${oldest.id}`)).status()).toBe(200);
  expect((await page.request.get(`/api/admin/app/${copy.id}`)).status()).toBe(404);
});

test('a failed remove-duplicates call shows the fixed error toast', async ({ page }) => {
  await page.route('**/api/admin/remove-duplicates', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"boom"}}' }),
  );
  await page.goto('/admin?view=all');
  await page.getByRole('button', { name: 'Remove Duplicates' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove Duplicates' }).click();
  // Title and message in one look (the toast closes itself after 5 s).
  const toast = page.getByRole('status').filter({ hasText: 'Failed to remove duplicates. Please try again.' });
  await expect(toast.filter({ hasText: /Error/ })).toBeVisible();
});

test('a failed list load switches to simplified mode with its toast', async ({ page }) => {
  await page.route('**/api/admin/apps?*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"down"}}' }),
  );
  await page.goto('/admin?view=all');
  await expect(page.getByRole('status').filter({ hasText: 'Data Loading Error' })).toContainText(
    'Unable to fetch apps data. Using simplified mode.',
  );
  await expect(page.getByRole('heading', { name: 'Simplified mode' })).toBeVisible();
});

test('the empty state leads to Discover Apps', async ({ page }) => {
  await page.goto('/admin?view=all');
  await searchApps(page, 'zzzz-nothing-matches-this-zzzz');
  await expect(page.getByText(/^No applications match \([\d,]+ in all\)$/)).toBeVisible();
  await page.getByRole('button', { name: 'Discover Apps' }).click();
  await expect(page).toHaveURL(/\/admin\?view=discover$/);
});

test('Create New App validates like the server and adds the app', async ({ page }) => {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Quick Create' }).click();
  await page.getByRole('menuitem', { name: 'Create New App' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New App' });
  await dialog.getByRole('button', { name: 'Create App' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Website URL is required')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await expect(dialog.getByText('Category is required')).toBeVisible();

  const name = uniqueName('Handmade Helper');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Website URL').fill('not a url');
  await dialog.getByRole('button', { name: 'Create App' }).click();
  await expect(dialog.getByText('Must be a valid URL')).toBeVisible();
  await dialog.getByLabel('Website URL').fill('https://handmade-helper.example.com');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await expect(page.getByRole('option', { name: 'All', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: 'Design', exact: true }).click();
  await dialog.getByLabel('Description').fill('Drafts product mock-ups from a sketch.');
  await dialog.getByRole('button', { name: 'Create App' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'App Created' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\?view=all$/);
  await searchApps(page, name);
  await expect(cardOf(page, name).getByText('Pending')).toBeVisible();
});
