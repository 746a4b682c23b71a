import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/e2e-config';
import {
  alternativesOf,
  appPagePath,
  comparisonOf,
  expectNoPageScrollX,
  marketplaceApps,
  type Comparison,
} from './support/tool-pages';

// Axe and several pages per test take long on a loaded 2-core machine: generous waits for what a user sees.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const tray = (page: Page) => page.getByRole('complementary', { name: 'Compare tray' });
const toggle = (page: Page, name: string) => page.getByRole('button', { name: `Compare ${name}`, exact: true });

test.describe('the compare tray', () => {
  test('collects up to 4 apps across pages, refuses a 5th with a message, and opens the comparison', async ({
    page,
    request,
  }) => {
    const apps = (await marketplaceApps(request, 'limit=12')).slice(0, 5);
    await page.goto('/');
    const announcement = page.getByTestId('compare-announcement');
    await expect(announcement).toHaveAttribute('aria-live', 'polite');

    for (const [index, app] of apps.slice(0, 4).entries()) {
      await expect(toggle(page, app.name)).toHaveAttribute('aria-pressed', 'false');
      await toggle(page, app.name).click();
      await expect(toggle(page, app.name)).toHaveAttribute('aria-pressed', 'true');
      await expect(announcement).toHaveText(`${app.name} added to compare (${index + 1} of 4).`);
    }
    await expect(tray(page).getByRole('heading', { name: 'Compare (4 of 4)' })).toBeVisible();
    await expect(tray(page).getByRole('listitem')).toHaveText(apps.slice(0, 4).map((app) => app.name));

    // The fifth is refused, and the tray says why.
    const fifth = apps[4]!;
    await toggle(page, fifth.name).click();
    await expect(toggle(page, fifth.name)).toHaveAttribute('aria-pressed', 'false');
    await expect(tray(page).getByTestId('compare-limit')).toHaveText(
      'You can compare up to 4 apps. Remove one from the compare tray to add another.',
    );
    await expect(announcement).toHaveText('You can compare up to 4 apps. Remove one from the compare tray to add another.');
    await expect(tray(page).getByRole('listitem')).toHaveCount(4);

    // Kept across pages of the session, and across a reload; the app page's own toggle agrees.
    await page.goto(appPagePath(apps[0]!));
    await expect(tray(page).getByRole('listitem')).toHaveCount(4);
    await expect(toggle(page, apps[0]!.name).first()).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(tray(page).getByRole('heading', { name: 'Compare (4 of 4)' })).toBeVisible();

    // Taking one out makes room.
    await tray(page)
      .getByRole('button', { name: `Remove ${apps[3]!.name} from compare` })
      .click();
    await expect(announcement).toHaveText(`${apps[3]!.name} removed from compare (3 of 4).`);
    await expect(tray(page).getByRole('listitem')).toHaveCount(3);

    const expected = await comparisonOf(
      request,
      apps.slice(0, 3).map((app) => app.id),
    );
    await tray(page).getByRole('link', { name: 'Compare 3 apps' }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}${expected.path}`);
    await expect(page.getByRole('heading', { level: 1, name: expected.apps.map((app) => app.name).join(' vs ') })).toBeVisible();
  });

  test('works from the keyboard alone, and passes axe', async ({ page, request }) => {
    const [first, second] = await marketplaceApps(request, 'limit=2');
    await page.goto('/');
    await toggle(page, first!.name).focus();
    await page.keyboard.press('Enter');
    await expect(toggle(page, first!.name)).toHaveAttribute('aria-pressed', 'true');
    await toggle(page, second!.name).focus();
    await page.keyboard.press('Space');
    await expect(toggle(page, second!.name)).toHaveAttribute('aria-pressed', 'true');
    // Pressing again takes it out.
    await page.keyboard.press('Space');
    await expect(toggle(page, second!.name)).toHaveAttribute('aria-pressed', 'false');
    await expect(tray(page).getByText('Add one more app to compare.')).toBeVisible();
    await page.keyboard.press('Enter');
    await expectNoSeriousAxeViolations(page);

    const link = tray(page).getByRole('link', { name: 'Compare 2 apps' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/compare\/[^/]+-vs-[^/]+$/);
    await expect(page.getByRole('region', { name: 'Comparison table' })).toBeVisible();
  });
});

/** Two apps that are alternatives of each other, with what the API says of their comparison. */
async function pair(page: Page): Promise<Comparison> {
  foundPair ??= findPair(page.request);
  return foundPair;
}

let foundPair: Promise<Comparison> | undefined;

async function findPair(request: APIRequestContext): Promise<Comparison> {
  for (const app of await marketplaceApps(request)) {
    const [closest] = await alternativesOf(request, app.id, 'limit=1');
    if (!closest) continue;
    const comparison = await comparisonOf(request, [app.id, closest.id]);
    const rows = [...comparison.features, ...comparison.useCases];
    if (rows.some((row) => row.cells.filter((cell) => cell !== null).length === 1)) return comparison;
  }
  throw new Error('no pair of apps with something only one of them has');
}

/** The rows one app lists, as the page marks them: "Only" where the others are known not to offer it, "Listed by" otherwise. */
const ownerMarks = (comparison: Comparison, exclusive: boolean) =>
  [...comparison.features, ...comparison.useCases].flatMap((row) =>
    row.owner && row.owner.exclusive === exclusive ? [comparison.apps[row.owner.index]!.name] : [],
  );

for (const width of [1280, 390]) {
  test.describe(`the compare page at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('shows the apps side by side with aligned rows, unique marks and Try it out', async ({ page }) => {
      const comparison = await pair(page);
      const [a, b] = comparison.apps;
      await page.goto(comparison.path);
      await expect(page).toHaveTitle(`${a!.name} vs ${b!.name}: AI Tool Comparison | Aitlas`);
      const table = page.getByRole('region', { name: 'Comparison table' });
      await expect(table.locator('thead').getByRole('columnheader')).toHaveText([a!.name, b!.name]);
      for (const label of ['Category', 'Rating', 'Monthly visitors', 'Pricing', 'Company', 'Founded', 'Location']) {
        await expect(table.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
      }
      await expect(table.getByRole('row', { name: /^Category/ }).getByRole('cell')).toHaveText([a!.category, b!.category]);

      // One row per aligned feature and use case, each cell in its app's column.
      await expect(page.getByTestId('features-row')).toHaveCount(comparison.features.length);
      await expect(page.getByTestId('use-cases-row')).toHaveCount(comparison.useCases.length);
      const firstFeature = comparison.features[0]!;
      const cells = page.getByTestId('features-row').first().getByRole('cell');
      for (const [index, value] of firstFeature.cells.entries()) {
        if (value === null) await expect(cells.nth(index)).toHaveText('Not listed');
        else await expect(cells.nth(index)).toContainText(value);
      }
      await expect(page.getByTestId('unique-mark')).toHaveText(ownerMarks(comparison, true).map((name) => `Only ${name}`));
      await expect(page.getByTestId('listed-mark')).toHaveText(ownerMarks(comparison, false).map((name) => `Listed by ${name}`));

      const tryLinks = table.getByRole('link', { name: /^Try it out/ });
      await expect(tryLinks).toHaveCount(2);
      await expect(tryLinks.nth(0)).toHaveAttribute('href', a!.url);
      await expect(tryLinks.nth(1)).toHaveAttribute('href', b!.url);
      await expect(tryLinks.nth(0)).toHaveAttribute('target', '_blank');

      // Wide tables scroll inside their region, never the page.
      await expectNoPageScrollX(page);
      await expectNoSeriousAxeViolations(page);
    });
  });
}

test('another order of the same apps redirects to the one canonical URL', async ({ page, request }) => {
  const comparison = await pair(page);
  const reversed = `/compare/${[...comparison.apps]
    .reverse()
    .map((app) => app.nameSlug)
    .join('-vs-')}`;
  const raw = await request.get(reversed, { maxRedirects: 0 });
  expect(raw.status()).toBe(301);
  expect(raw.headers().location).toBe(comparison.path);
  await page.goto(reversed);
  await expect(page).toHaveURL(`${E2E_BASE_URL}${comparison.path}`);
  await expect(page.locator('thead').getByRole('columnheader')).toHaveText(comparison.apps.map((app) => app.name));
});

test('a comparison naming an unknown app is the 404 page, with status 404', async ({ page, request }) => {
  const [app] = await marketplaceApps(request, 'limit=1');
  const response = await page.goto(`/compare/${app!.nameSlug}-vs-no-such-app-anywhere`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the compare page has its title, canonical, Open Graph and JSON-LD in the HTML', async ({ page }) => {
    const comparison = await pair(page);
    const names = comparison.apps.map((app) => app.name);
    const response = await page.goto(comparison.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${names.join(' vs ')}: AI Tool Comparison | Aitlas`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${E2E_BASE_URL}${comparison.path}`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${E2E_BASE_URL}${comparison.path}`);
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as { '@type': string; itemListElement: { name: string }[] },
    );
    expect(jsonLd.find((data) => data['@type'] === 'ItemList')?.itemListElement.map((item) => item.name)).toEqual(names);
    await expect(page.getByRole('heading', { level: 1, name: names.join(' vs ') })).toBeVisible();
    await expect(page.locator('thead').getByRole('columnheader')).toHaveText(names);
  });
});
