import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/e2e-config';
import {
  alternativesOf,
  alternativesPagePath,
  appPagePath,
  expectNoPageScrollX,
  marketplaceApps,
  type AlternativeOf,
} from './support/tool-pages';

// Axe and several pages per test take long on a loaded 2-core machine: generous waits for what a user sees.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PRICINGS = ['free', 'freemium', 'paid'] as const;
const PRICING_NAMES = { free: 'Free', freemium: 'Freemium', paid: 'Paid' } as const;

/**
 * A popular app with a full section of alternatives, one pricing that some of them have and one
 * that none has (for the empty state), read from the API so the spec follows the catalogue.
 */
async function subject(request: APIRequestContext) {
  found ??= findSubject(request);
  return found;
}

let found: ReturnType<typeof findSubject> | undefined;

async function findSubject(request: APIRequestContext) {
  for (const app of await marketplaceApps(request)) {
    const all = await alternativesOf(request, app.id);
    if (all.length < 6) continue;
    const byPricing = await Promise.all(
      PRICINGS.map(async (pricing) => ({ pricing, list: await alternativesOf(request, app.id, `limit=24&pricing=${pricing}`) })),
    );
    const filled = byPricing.find((entry) => entry.list.length > 0);
    const empty = byPricing.find((entry) => entry.list.length === 0);
    if (filled && empty) return { app, all, filled, empty };
  }
  throw new Error('no app with alternatives and an empty pricing filter in the demo catalogue');
}

const cardNames = (page: Page) => page.getByTestId('alternative-card').getByRole('heading');

async function expectCards(page: Page, list: AlternativeOf[]) {
  await expect(cardNames(page)).toHaveText(list.map((app) => app.name));
  await expect(page.getByTestId('alternative-reason')).toHaveText(list.map((app) => `Why it is an alternative: ${app.reason}`));
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the app page shows up to 6 alternatives with their reasons and links to the full list', async ({ page, request }) => {
      const { app, all } = await subject(request);
      await page.goto(appPagePath(app));
      const section = page.getByRole('region', { name: `Alternatives to ${app.name}` });
      await expect(section).toBeVisible();
      await expectCards(page, all.slice(0, 6));
      // A card's name opens that app's page.
      await expect(section.getByRole('link', { name: all[0]!.name, exact: true })).toHaveAttribute('href', appPagePath(all[0]!));
      await expectNoPageScrollX(page);

      await section.getByRole('link', { name: `See all alternatives to ${app.name}` }).click();
      await expect(page).toHaveURL(`${E2E_BASE_URL}${alternativesPagePath(app)}`);
      await expect(page.getByRole('heading', { level: 1, name: `Alternatives to ${app.name}` })).toBeVisible();
      await expect(page).toHaveTitle(`Alternatives to ${app.name} | Aitlas`);
      await expectCards(page, all);
      await expect(page.getByTestId('alternatives-count')).toHaveText(`${all.length} alternatives, closest first`);
      await expectNoPageScrollX(page);
    });
  });
}

test('the pricing filter lives in the URL, and a filter that leaves nothing says so', async ({ page, request }) => {
  const { app, filled, empty } = await subject(request);
  await page.goto(alternativesPagePath(app));
  const filters = page.getByRole('navigation', { name: 'Filter by pricing' });
  await expect(filters.getByRole('link', { name: 'All pricing' })).toHaveAttribute('aria-current', 'page');

  await filters.getByRole('link', { name: PRICING_NAMES[filled.pricing], exact: true }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}${alternativesPagePath(app)}?pricing=${filled.pricing}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `${PRICING_NAMES[filled.pricing]} alternatives to ${app.name}` }),
  ).toBeVisible();
  await expect(filters.getByRole('link', { name: PRICING_NAMES[filled.pricing], exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectCards(page, filled.list);
  for (const card of await page.getByTestId('alternative-card').all())
    await expect(card.getByText(PRICING_NAMES[filled.pricing], { exact: true })).toBeVisible();

  // Reloading keeps the filter: it is the page's URL.
  await page.goto(`${alternativesPagePath(app)}?pricing=${empty.pricing}`);
  const emptyState = page.getByTestId('alternatives-empty');
  await expect(
    emptyState.getByRole('heading', { name: `No ${PRICING_NAMES[empty.pricing].toLowerCase()} alternatives to ${app.name} yet` }),
  ).toBeVisible();
  await expect(page.getByTestId('alternative-card')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await emptyState.getByRole('link', { name: 'Show alternatives with any pricing' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}${alternativesPagePath(app)}`);
  await expect(page.getByTestId('alternative-card').first()).toBeVisible();
});

test('the app page and the alternatives page pass axe', async ({ page, request }) => {
  const { app } = await subject(request);
  await page.goto(appPagePath(app));
  await expect(
    page
      .getByRole('region', { name: `Alternatives to ${app.name}` })
      .getByTestId('alternative-card')
      .first(),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.goto(alternativesPagePath(app));
  await expect(page.getByTestId('alternative-card').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('an unknown app has no alternatives page: the 404 page, with status 404', async ({ page }) => {
  const response = await page.goto('/ai-apps/writing/no-such-app-anywhere/alternatives');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the alternatives page has its title, canonical, Open Graph, ItemList JSON-LD and list in the HTML', async ({
    page,
    request,
  }) => {
    const { app, all } = await subject(request);
    const response = await page.goto(`${alternativesPagePath(app)}?pricing=free`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`Free alternatives to ${app.name} | Aitlas`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${E2E_BASE_URL}${alternativesPagePath(app)}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      `Free alternatives to ${app.name} | Aitlas`,
    );
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      'content',
      `${E2E_BASE_URL}${alternativesPagePath(app)}`,
    );

    await page.goto(alternativesPagePath(app));
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const list = jsonLd
      .map((text) => JSON.parse(text) as { '@type': string; itemListElement: { name: string; url: string }[] })
      .find((data) => data['@type'] === 'ItemList');
    expect(list?.itemListElement.map((item) => item.name)).toEqual(all.map((alternative) => alternative.name));
    expect(list?.itemListElement[0]?.url).toBe(`${E2E_BASE_URL}${appPagePath(all[0]!)}`);
    await expect(page.getByRole('heading', { level: 1, name: `Alternatives to ${app.name}` })).toBeVisible();
    await expect(page.getByRole('link', { name: all[0]!.name, exact: true })).toHaveAttribute('href', appPagePath(all[0]!));
  });
});
