import type { Page } from '@playwright/test';
import type { App } from '../shared/schemas/app';
import { expect as baseExpect, test } from './support/test';
import { createAppViaApi, signInAsAdmin, uniqueName } from './support/admin-session';
import { expectNoPageScrollX, marketplaceApps } from './support/tool-pages';

// What a visitor and a curator tripped over (issue 27), each seen as they see it, at a phone's and a desktop's width.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const COMPARED = ['chatgpt', 'deepseek', 'gemini'];
const tray = (page: Page) => page.getByRole('complementary', { name: 'Compare tray' });

/** Fills the compare tray (browser state in sessionStorage) before the page loads. */
async function trayHolds(page: Page, apps: Pick<App, 'id' | 'name' | 'nameSlug'>[]): Promise<void> {
  await page.addInitScript(
    (stored) => window.sessionStorage.setItem('aitlas.compare.tray', stored),
    JSON.stringify(apps.map(({ id, name, nameSlug }) => ({ id, name, nameSlug }))),
  );
}

async function comparedApps(page: Page): Promise<App[]> {
  const response = await page.request.get(`/api/compare?slugs=${COMPARED.join(',')}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { apps: App[] }).apps;
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('the compare page of three apps stays as wide as the screen, claims "only" only where it knows, and its tray does not offer the same comparison', async ({
      page,
    }) => {
      const apps = await comparedApps(page);
      await trayHolds(page, apps);
      await page.goto(`/compare/${COMPARED.join('-vs-')}`);
      const table = page.getByRole('region', { name: 'Comparison table' });
      await expect(table.locator('thead').getByRole('columnheader')).toHaveText(['ChatGPT', 'DeepSeek', 'Gemini']);
      // The hidden "Not listed" labels stay inside the table's scroll box: the page never pans sideways.
      await expectNoPageScrollX(page);

      // Gemini makes images and every one of them has mobile apps: their listings just do not say so.
      const imageRow = page.getByTestId('features-row').filter({ hasText: 'Image generation' });
      await expect(imageRow.getByTestId('listed-mark')).toHaveText('Listed by ChatGPT');
      await expect(imageRow.getByTestId('unique-mark')).toHaveCount(0);
      await expect(page.getByTestId('features-row').filter({ hasText: 'Mobile apps' }).getByTestId('listed-mark')).toHaveText(
        'Listed by DeepSeek',
      );
      await expect(page.getByText(/^Only (ChatGPT|DeepSeek|Gemini)$/)).toHaveCount(0);

      // The compared apps show their category's icon, as on the marketplace cards, not a robot.
      await expect(table.getByTestId('logo-placeholder')).toHaveCount(3);
      expect(
        await table.getByTestId('logo-placeholder').evaluateAll((icons) => icons.map((icon) => icon.getAttribute('data-icon'))),
      ).toEqual(['zap', 'zap', 'zap']);

      // The tray holds exactly these apps: it says so instead of offering "Compare 3 apps" again.
      await expect(
        tray(page)
          .getByTestId('compare-open')
          .getByText(width < 640 ? 'Shown above' : 'Comparing these apps', { exact: true }),
      ).toBeVisible();
      await expect(tray(page).getByRole('link', { name: 'Compare 3 apps' })).toHaveCount(0);
    });

    test('the compare tray with four apps is one line, scrolls its names, and collapses', async ({ page, request }) => {
      const apps = (await marketplaceApps(request, 'limit=12')).slice(0, 4);
      await trayHolds(page, apps);
      await page.goto('/');
      const bar = tray(page);
      await expect(bar.getByRole('listitem')).toHaveCount(4);
      await expect(bar.getByRole('link', { name: 'Compare 4 apps' })).toBeVisible();
      // One line: the pills no longer stack into four rows (≈ 190 px).
      expect((await bar.boundingBox())?.height).toBeLessThanOrEqual(64);
      await expectNoPageScrollX(page);

      const toggle = bar.getByRole('button', { name: 'Compare (4 of 4)' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(bar.getByRole('listitem')).toHaveCount(0);
      await expect(bar.getByRole('link', { name: 'Compare 4 apps' })).toBeVisible();
      expect((await bar.boundingBox())?.height).toBeLessThanOrEqual(64);
      // Collapsed stays collapsed on the next page of the visit.
      await page.goto(`/ai-apps/${apps[0]!.categorySlug}/${apps[0]!.nameSlug}`);
      await expect(tray(page).getByRole('button', { name: 'Compare (4 of 4)' })).toHaveAttribute('aria-expanded', 'false');
      await tray(page).getByRole('button', { name: 'Compare (4 of 4)' }).click();
      await expect(tray(page).getByRole('listitem')).toHaveCount(4);
    });
  });
}

test('alternative cards show the category icon of each alternative, as marketplace cards do', async ({ page }) => {
  await page.goto('/ai-apps/productivity/chatgpt/alternatives');
  const cards = page.getByTestId('alternative-card');
  await expect(cards.first()).toBeVisible();
  const icons = await cards
    .getByTestId('logo-placeholder')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-icon')));
  expect(icons.length).toBeGreaterThan(0);
  expect(icons).not.toContain('bot');
});

test('a dialog opened after a toast shows only its own messages (Report a problem after "Link copied!")', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
  const [app] = await marketplaceApps(page.request, 'limit=1');
  await page.goto(`/ai-apps/${app!.categorySlug}/${app!.nameSlug}`);
  await page.getByRole('button', { name: /^Share/ }).click();
  await expect(page.getByText('Link copied!', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: `Report a problem with ${app!.name}` });
  await expect(dialog.getByRole('radio', { name: 'Dead link' })).toBeVisible();
  // The page's floating toast (a list item) leaves as the dialog takes over; in the same render a stale toast
  // used to appear inside the dialog (while it is still open: 5 s).
  await expect(page.locator('li', { hasText: 'Link copied!' })).toHaveCount(0);
  // Counted once, not awaited: a stale toast would also leave by itself after its 5 s.
  expect(await dialog.getByText('Link copied!').count()).toBe(0);
  // Its own messages still show inside it.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason.');
});

test.describe('curators', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test('"Delete …?" after "Status Updated" shows no stale toast', async ({ page }) => {
    const app = await createAppViaApi(page.request, { name: uniqueName('Toast Stale') });
    await page.goto('/admin?view=all');
    await page.getByLabel('Search applications').fill(app.name);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: app.name, exact: true }) });
    await card.getByRole('button', { name: `Actions for ${app.name}` }).click();
    await page.getByRole('menuitem', { name: 'Approve' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Status Updated' })).toBeVisible();
    await card.getByRole('button', { name: `Actions for ${app.name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${app.name}?` });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(page.locator('li', { hasText: 'Status Updated' })).toHaveCount(0);
    expect(await confirm.getByText('Status Updated').count()).toBe(0);
  });

  test('All Apps keeps its status filter in the address, across a reload', async ({ page }) => {
    await page.goto('/admin?view=all');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Rejected' }).click();
    await expect(page).toHaveURL(/\?view=all&status=rejected$/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText(/Rejected/);
  });

  test('Health: the Duplicates tab has its count; Settings: one kind of list box and an inline message for 0 parallel checks', async ({
    page,
  }) => {
    await page.goto('/admin?view=health');
    await expect(page.getByRole('tab', { name: /^Duplicates \(\d+\)$/ })).toBeVisible();

    await page.goto('/admin?view=settings');
    const form = page.getByRole('form', { name: 'Link check settings' });
    const frequency = form.getByRole('combobox', { name: 'Link check frequency' });
    await expect(frequency).toBeVisible();
    // The same Radix list box as "Discovery frequency", not a native <select>.
    expect(await frequency.evaluate((element) => element.tagName)).toBe(
      await page.getByRole('combobox', { name: 'Discovery frequency' }).evaluate((element) => element.tagName),
    );
    const checks = form.getByLabel('Parallel link checks');
    await checks.fill('0');
    await form.getByRole('button', { name: 'Save link checks' }).click();
    await expect(form.getByText('Concurrency must be a whole number from 1 to 32')).toBeVisible();
    await expect(checks).toHaveAttribute('aria-invalid', 'true');
  });
});

test('/developers has the site navigation and footer', async ({ page }) => {
  await page.goto('/developers');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Marketplace' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
  await expect(main.getByRole('link', { name: 'Developers' })).toHaveAttribute('aria-current', 'page');
  // The site's links are not raw underlined browser links.
  expect(await main.getByRole('link', { name: 'Blog' }).evaluate((link) => getComputedStyle(link).textDecorationLine)).toBe(
    'none',
  );
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
});
