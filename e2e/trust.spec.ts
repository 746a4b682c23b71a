import { expect, test } from './support/test';
import type { App } from '../shared/schemas/app';
import { html, startFixtureSite, type FixtureSite } from '../server/test/fixture-site';
import { createAppViaApi, signInAsAdmin, uniqueName } from './support/admin-session';
import { expectNoSeriousAxeViolations } from './support/axe';
import { E2E_FIXTURE_PORT } from './support/e2e-config';

let site: FixtureSite;

test.beforeAll(async () => {
  // The e2e server may fetch exactly this host:port (DISCOVERY_ALLOW_HOSTS in playwright.config.ts).
  site = await startFixtureSite({ port: E2E_FIXTURE_PORT, routes: false });
  site.route('/alive', html('<!doctype html><html lang="en"><head><title>Alive</title></head><body><p>Alive</p></body></html>'));
});

test.afterAll(async () => {
  await site?.close();
});

test.describe('trust', () => {
  // Real fetches, accessibility audits and several pages per test on a shared two-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('a visitor reports a problem without an account and sees a confirmation', async ({ page }) => {
    const [first] = (await (await page.request.get('/api/marketplace?limit=1')).json()) as App[];
    expect(first).toBeDefined();
    await page.goto(`/ai-apps/${first?.categorySlug}/${first?.nameSlug}`);
    await page.getByRole('button', { name: 'Report a problem' }).click();
    const dialog = page.getByRole('dialog', { name: `Report a problem with ${first?.name}` });
    await expect(dialog).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a reason.');
    await dialog.getByRole('radio', { name: 'Dead link' }).check();
    await dialog.getByLabel('Note (optional)').fill('The sign-up page answers an error.');
    await expect(dialog.getByText('34 / 1,000 characters')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('Thanks for your report', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    // The curator sees it in the Reports queue, grouped under the app, and resolves it.
    await signInAsAdmin(page);
    await page.goto('/admin?view=health');
    await page.getByRole('tab', { name: /Reports/ }).click();
    const group = page.getByTestId('report-group').filter({ hasText: first?.name ?? '' });
    await expect(group.getByText('The sign-up page answers an error.')).toBeVisible({ timeout: 30_000 });
    await group.getByRole('button', { name: 'Resolve' }).first().click();
    await expect(page.getByText('1 report resolved', { exact: true })).toBeVisible();
  });

  test('the report dialog opens from the keyboard and gives focus back to its button when closed', async ({ page }) => {
    const [first] = (await (await page.request.get('/api/marketplace?limit=1')).json()) as App[];
    await page.goto(`/ai-apps/${first?.categorySlug}/${first?.nameSlug}`);
    const button = page.getByRole('button', { name: 'Report a problem' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Report a problem with ${first?.name}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Dead link' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    // Opened again, it is the same dialog at once (its code is loaded).
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
  });

  test('Health view: a dead app shows with its evidence, is marked defunct, and its page says so', async ({ page }) => {
    await signInAsAdmin(page);
    const name = uniqueName('Vanished Tool');
    const app = await createAppViaApi(page.request, { name, url: `${site.origin}/vanished`, status: 'published' });
    const run = await page.request.post('/api/admin/health/run', { data: { ids: [app.id] } });
    expect(run.status(), await run.text()).toBe(200);
    expect((await run.json()).counts.dead).toBe(1);

    await page.goto('/admin?view=health');
    await expect(page.getByRole('heading', { level: 1, name: 'Health' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: /^Dead \(\d+\)$/ }).click();
    const problem = page.getByTestId('health-problem').filter({ hasText: name });
    await expect(problem.getByText('The page is gone: HTTP 404')).toBeVisible();
    await problem.getByText(/Evidence/).click();
    await expect(problem.getByText(/HTTP 404/).first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await problem.getByRole('button', { name: 'Mark defunct' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Mark defunct' }).click();
    await expect(page.getByText('Mark defunct: done', { exact: true })).toBeVisible();
    await expect(problem.getByText('Defunct', { exact: true })).toBeVisible();

    await page.goto(`/ai-apps/${app.categorySlug}/${app.nameSlug}`);
    await expect(page.getByText(`${name} is no longer available.`)).toBeVisible();
    await expect(page.getByRole('link', { name: `See alternatives to ${name}` })).toHaveAttribute(
      'href',
      `/ai-apps/${app.categorySlug}/${app.nameSlug}/alternatives`,
    );
    // A defunct app claims nothing: no Verified badge, no "Try it out", and no "Last checked" (its last check failed).
    await expect(page.getByText('Verified', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Try it out/ })).toHaveCount(0);
    await expect(page.getByTestId('last-checked')).toHaveCount(0);

    // A check of the whole catalogue shows its progress live and can be stopped. On a machine that cannot reach
    // the web (the seeded apps are real sites), the checker notices it fails as a whole and stops by itself.
    await page.goto('/admin?view=health');
    await page.getByRole('button', { name: 'Check all links now' }).click();
    const stopped = page.getByText('Link check stopped', { exact: true });
    const progress = page
      .getByTestId('health-progress')
      .filter({ hasText: /Checking… \d+ of \d+ apps done, \d+ problems so far/ });
    await expect(stopped.or(progress).first()).toBeVisible({ timeout: 30_000 });
    if (await progress.isVisible())
      await page
        .getByRole('button', { name: 'Stop' })
        .click()
        .catch(() => undefined);
    await expect(stopped).toBeVisible({ timeout: 30_000 });
    const checkerFailure = page.getByTestId('checker-failure');
    if (await checkerFailure.isVisible()) await expect(checkerFailure).toContainText('stopped without changing any app');
  });

  test('a duplicate is flagged with its evidence and merged; its page redirects to the kept app', async ({ page }) => {
    await signInAsAdmin(page);
    const domain = `merge-${Date.now().toString(36)}.io`;
    const kept = await createAppViaApi(page.request, {
      name: uniqueName('Keeper'),
      url: `https://${domain}/`,
      status: 'published',
    });
    const twin = await createAppViaApi(page.request, {
      name: uniqueName('Twin'),
      url: `https://www.${domain}`,
      status: 'published',
    });

    await page.goto('/admin?view=health');
    await page.getByRole('tab', { name: 'Duplicates' }).click();
    const pair = page
      .getByTestId('duplicate-pair')
      .filter({ hasText: `same address as #${kept.id}` })
      .filter({ hasText: twin.name });
    await expect(pair).toBeVisible({ timeout: 30_000 });
    await pair.getByRole('button', { name: `Merge into #${kept.id}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Merge' }).click();
    await expect(page.getByText('Apps merged', { exact: true })).toBeVisible();
    await expect(pair).toHaveCount(0);

    await page.goto(`/ai-apps/${twin.categorySlug}/${twin.nameSlug}`);
    await expect(page).toHaveURL(new RegExp(`/ai-apps/${kept.categorySlug}/${kept.nameSlug}$`));
    await expect(page.getByRole('heading', { level: 1, name: kept.name })).toBeVisible();
  });

  test('"Not a duplicate" removes a pair for good', async ({ page }) => {
    await signInAsAdmin(page);
    const domain = `twins-${Date.now().toString(36)}.io`;
    const first = await createAppViaApi(page.request, {
      name: uniqueName('Left'),
      url: `https://${domain}/studio`,
      status: 'published',
    });
    const second = await createAppViaApi(page.request, {
      name: uniqueName('Right'),
      url: `https://www.${domain}/studio/`,
      status: 'published',
    });
    await page.goto('/admin?view=health');
    await page.getByRole('tab', { name: 'Duplicates' }).click();
    const pair = page
      .getByTestId('duplicate-pair')
      .filter({ hasText: `same address as #${first.id}` })
      .filter({ hasText: second.name });
    await expect(pair).toBeVisible({ timeout: 30_000 });
    await pair.getByRole('button', { name: 'Not a duplicate' }).click();
    await expect(page.getByText('Marked as not a duplicate', { exact: true })).toBeVisible();
    await expect(pair).toHaveCount(0);
    await page.reload();
    await page.getByRole('tab', { name: 'Duplicates' }).click();
    await expect(
      page.getByRole('list', { name: 'Possible duplicates' }).or(page.getByText('No likely duplicates.')),
    ).toBeVisible();
    await expect(pair).toHaveCount(0);
  });
});
