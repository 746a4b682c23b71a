import { expect, test } from './support/test';
import { signInAsAdmin } from './support/admin-session';
import { expectNoSeriousAxeViolations } from './support/axe';

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('the discovery frequency is saved and remembered', async ({ page }) => {
  await page.goto('/admin?view=settings');
  await expect(page.getByRole('heading', { name: 'Auto-Discovery Configuration' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'System Status' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'System Preferences' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Auto-approval' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Duplicate detection' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Export Settings' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const frequency = page.getByRole('combobox', { name: 'Discovery frequency' });
  await frequency.click();
  await expect(page.getByRole('option')).toHaveText([
    'Every 30 minutes',
    'Every hour',
    'Every 3 hours',
    'Every 6 hours',
    'Every 12 hours',
    'Daily (recommended for production)',
    'Weekly',
  ]);
  await page.getByRole('option', { name: 'Daily (recommended for production)' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sync Interval Updated' })).toBeVisible();
  expect(await (await page.request.get('/api/admin/sync-interval')).json()).toEqual({ intervalMinutes: 1440 });

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Discovery frequency' })).toHaveText(/Daily \(recommended for production\)/);
});

test('the activity log colours each run, shortens details and polls every 30 seconds', async ({ page }) => {
  await page.clock.install();
  let calls = 0;
  await page.route('**/api/admin/discovery-logs*', (route) => {
    calls += 1;
    return route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify([
        {
          id: 3,
          createdAt: '2026-01-03T10:00:00Z',
          duration: 1500,
          discovered: 4,
          processed: 2,
          errors: 1,
          details: ['a.example failed', 'b.example added', 'c.example added', 'd.example skipped'],
          trigger: 'schedule',
        },
        {
          id: 2,
          createdAt: '2026-01-02T10:00:00Z',
          duration: 900,
          discovered: 3,
          processed: 3,
          errors: 0,
          details: ['x.example added'],
          trigger: 'manual',
        },
        {
          id: 1,
          createdAt: '2026-01-01T10:00:00Z',
          duration: 300,
          discovered: 0,
          processed: 0,
          errors: 0,
          details: [],
          trigger: 'schedule',
        },
      ]),
    });
  });
  await page.goto('/admin?view=settings');
  const runs = page.getByRole('list', { name: 'Discovery runs' }).locator(':scope > li');
  await expect(runs).toHaveCount(3);
  await expect(runs.nth(0)).toHaveAttribute('data-dot', 'red');
  await expect(runs.nth(1)).toHaveAttribute('data-dot', 'green');
  await expect(runs.nth(2)).toHaveAttribute('data-dot', 'yellow');
  await expect(runs.nth(0)).toContainText('a.example failed');
  await expect(runs.nth(0)).toContainText('b.example added');
  await expect(runs.nth(0)).not.toContainText('c.example added');
  await expect(runs.nth(0)).toContainText('+ 2 more entries');
  await expect(runs.nth(1)).not.toContainText('more entries');

  const before = calls;
  await page.clock.fastForward(30_000);
  await expect.poll(() => calls).toBeGreaterThan(before);
});

test('discovery sources are added, switched off and deleted from Settings', async ({ page }) => {
  const url = `https://feeds.example.com/ai-tools-${Date.now()}.xml`;
  await page.goto('/admin?view=settings');
  await expect(page.getByRole('heading', { name: 'Discovery Sources' })).toBeVisible();
  await page.getByLabel('Source URL').fill(url);
  await page.getByRole('button', { name: 'Add Source' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Source Added' })).toBeVisible();

  const toggle = page.getByRole('switch', { name: `Read ${url} in scans` });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  const stored = (await (await page.request.get('/api/admin/discovery-sources')).json()) as { url: string; enabled: boolean }[];
  expect(stored.find((source) => source.url === url)?.enabled).toBe(false);

  await page.getByRole('button', { name: `Delete source ${url}` }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete this source?' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Source Deleted' })).toBeVisible();
  await expect(page.getByText(url)).toHaveCount(0);
});
