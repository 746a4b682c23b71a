import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { openInBrowser } from './support/client-render';
import { expectNoSeriousAxeViolations } from './support/axe';
import { E2E_ADMIN } from './support/e2e-config';

interface PublicApp {
  id: number;
  name: string;
  category: string;
  categorySlug: string;
  nameSlug: string;
  url: string;
  rating: number | null;
  saveCount: number;
  features: string[];
  useCases: string[];
  pricingType: 'free' | 'freemium' | 'paid' | null;
  monthlyVisitors: number;
}

async function appAt(page: Page, index: number, category = ''): Promise<PublicApp> {
  const res = await page.request.get(`/api/marketplace?limit=1&offset=${index}${category ? `&category=${category}` : ''}`);
  const [app] = (await res.json()) as PublicApp[];
  if (!app) throw new Error('no app');
  return app;
}

const pathOf = (app: PublicApp) => `/ai-apps/${app.categorySlug}/${app.nameSlug}`;

test.describe('app page', () => {
  test('shows every section with the app data and its fallbacks', async ({ page }) => {
    const app = await appAt(page, 0, 'writing');
    await page.goto(pathOf(app));
    await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible();
    await expect(page).toHaveTitle(`${app.name}: ${app.category} AI Tool | Aitlas`);
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByText('monthly visits')).toBeVisible();
    // The logo service is unreachable here: the category-coloured tile with the category's icon stands in.
    await expect(page.getByTestId('logo-tile').first()).toHaveAttribute('data-icon', 'pen-line');
    const tryIt = page.getByRole('link', { name: /Try it out/ });
    await expect(tryIt).toHaveAttribute('href', app.url);
    await expect(tryIt).toHaveAttribute('target', '_blank');
    await expect(tryIt).toHaveAttribute('rel', /noopener/);
    await expect(page.getByRole('button', { name: `Save (${app.saveCount})` })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Share \(\d+\)$/ })).toBeVisible();

    for (const heading of [
      'Live Preview',
      'Key Features',
      'Use Cases',
      'Get Access',
      'User Reviews',
      'Frequently Asked Questions',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /Open Live Demo/ })).toHaveAttribute('href', app.url);
    const features = page.getByRole('region', { name: 'Key Features' }).getByRole('listitem');
    await expect(features).toHaveCount(Math.min(6, app.features.length));
    await expect(features.first()).toHaveText(app.features[0]!);
    await expect(page.getByRole('region', { name: 'Use Cases' }).getByRole('listitem')).toHaveCount(
      Math.min(6, app.useCases.length),
    );
    const labels = { free: 'FREE TO USE', freemium: 'FREE TRIAL AVAILABLE', paid: 'Explore Pricing & Features' } as const;
    await expect(page.getByTestId('pricing-badge')).toHaveText(labels[app.pricingType ?? 'paid']);
    // Real reviews only (no samples): the seeded apps have none yet.
    await expect(page.getByRole('region', { name: 'User Reviews' }).getByText('No reviews yet')).toBeVisible();
    await expect(page.getByRole('region', { name: 'User Reviews' }).getByRole('listitem')).toHaveCount(0);

    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    await expect(faq.locator('summary')).toHaveCount(5);
    await faq.getByText('Are there API rate limits?').click();
    await expect(faq.getByText(/100 requests per hour.*10,000 requests per hour.*custom limits/)).toBeVisible();
    await faq.getByText('What support is available?').click();
    await expect(faq.getByText(/within 24 hours/)).toBeVisible();
    const closing = { free: /Launch Now - It's Free/, freemium: /Try Free Version/, paid: /Explore Pricing & Features/ } as const;
    await expect(
      page
        .getByRole('region', { name: `Ready to try ${app.name}?` })
        .getByRole('link', { name: closing[app.pricingType ?? 'paid'] }),
    ).toHaveAttribute('href', app.url);
  });

  test('uses generic cards when an app has no features or use cases, and a grey tile with the category icon for other categories', async ({
    page,
  }) => {
    const app = await appAt(page, 0, 'audio');
    await page.route(`**/api/marketplace/app/${app.categorySlug}/${app.nameSlug}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        json: { ...(await response.json()), features: [], useCases: [], screenshotUrl: null, rating: null },
      });
    });
    await openInBrowser(page, pathOf(app));
    await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Key Features' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Use Cases' }).getByRole('listitem')).toHaveText([
      /Marketing Teams/,
      /Developers/,
      /Enterprise/,
    ]);
    await expect(page.getByTestId('logo-tile').first()).toHaveAttribute('data-icon', 'audio-lines');
    await expect(page.getByTestId('preview-placeholder')).toBeVisible();
    await expect(page.getByTestId('displayed-rating')).toContainText('4.5');
  });

  test('opens by id at /app/:id, case-insensitively, and shows App Not Found for unknown apps', async ({ page }) => {
    const app = await appAt(page, 1);
    await page.goto(`/app/${app.id}`);
    await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible();
    await page.goto(pathOf(app).toUpperCase());
    await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible();

    const response = await page.goto('/ai-apps/writing/no-such-app-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'App Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Marketplace' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Discover AI Tools with Intelligence' })).toBeVisible();
  });

  test('shows "Loading app details..." while loading', async ({ page }) => {
    const app = await appAt(page, 2);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/marketplace/app/**', async (route) => {
      await gate;
      await route.continue();
    });
    await openInBrowser(page, pathOf(app));
    await expect(page.getByRole('status').filter({ hasText: 'Loading app details...' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible();
  });

  test('rating: the stars are a radio group; a choice shows the toast and the local average', async ({ page }) => {
    const app = await appAt(page, 3);
    await page.goto(pathOf(app));
    const stored = app.rating ? (app.rating / 10).toFixed(1) : '4.5';
    await expect(page.getByTestId('displayed-rating')).toContainText(stored);
    const group = page.getByRole('group', { name: 'Rate this app' });
    await expect(group.getByRole('radio')).toHaveCount(5);
    await group.getByRole('radio', { name: '2 stars' }).check();
    await expect(page.getByText('Rated 2 stars!', { exact: true })).toBeVisible();
    await expect(page.getByText('Thank you for your feedback.', { exact: true })).toBeVisible();
    await expect(page.getByTestId('displayed-rating')).toContainText('2.0');
    // Keyboard: arrow keys move within the group and rate again.
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText('Rated 3 stars!', { exact: true })).toBeVisible();
    await expect(page.getByTestId('displayed-rating')).toContainText('2.5');
    // Local only: a reload forgets the ratings, and none was sent.
    await page.reload();
    await expect(page.getByTestId('displayed-rating')).toContainText(stored);
  });

  test('save: toast, count, and a saved state that survives a reload', async ({ page }) => {
    const app = await appAt(page, 4);
    await page.goto(pathOf(app));
    await page.getByRole('button', { name: `Save (${app.saveCount})` }).click();
    await expect(page.getByText('Saved!', { exact: true })).toBeVisible();
    await expect(page.getByText('App has been added to your favorites.', { exact: true })).toBeVisible();
    const saved = page.getByRole('button', { name: `Saved (${app.saveCount + 1})` });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('button', { name: `Saved (${app.saveCount + 1})` })).toBeDisabled();
  });

  test('save failure shows the destructive error toast', async ({ page }) => {
    const app = await appAt(page, 5);
    await page.route('**/api/apps/*/save', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'x' } } }),
    );
    await page.goto(pathOf(app));
    await page.getByRole('button', { name: `Save (${app.saveCount})` }).click();
    await expect(page.getByText('Failed to save app. Please try again.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Save (${app.saveCount})` })).toBeEnabled();
  });

  test('share copies the page link when there is no share sheet', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const app = await appAt(page, 6);
    await page.goto(pathOf(app));
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
    await page.getByRole('button', { name: 'Share (0)' }).click();
    await expect(page.getByText('Link copied!', { exact: true })).toBeVisible();
    await expect(page.getByText('Share link has been copied to clipboard.', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await expect(page.getByRole('button', { name: 'Share (1)' })).toBeVisible();
  });

  test('preview mode shows the banner with the status and the admin top bar', async ({ page }) => {
    const app = await appAt(page, 7);
    await page.goto(`${pathOf(app)}?preview=true`);
    await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible();
    await expect(page.getByText('Admin Preview')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back to Admin' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('This is how the app will appear after publication.');
    await expect(page.getByTestId('preview-status')).toHaveText('published');
  });

  test('a signed-in curator previews an unpublished app at /admin/app/:id and by its slug with ?preview=true', async ({
    page,
  }) => {
    expect((await page.request.post('/api/login', { data: E2E_ADMIN })).ok()).toBe(true);
    const pending = (await (await page.request.get('/api/admin/apps?status=pending')).json()) as PublicApp[];
    const app = pending[0];
    if (!app) throw new Error('the demo catalogue has no pending app');
    await page.goto(`/admin/app/${app.id}`);
    await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible();
    await expect(page.getByText('Admin Preview')).toBeVisible();
    await expect(page.getByTestId('preview-status')).toHaveText('pending');
    await page.goto(`${pathOf(app)}?preview=true`);
    await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible();
    await expect(page.getByTestId('preview-status')).toHaveText('pending');
    // Visitors never see it.
    await page.context().clearCookies();
    await page.goto(pathOf(app));
    await expect(page.getByRole('heading', { level: 1, name: 'App Not Found' })).toBeVisible();
  });

  test('/admin/app/:id without a session goes to sign-in', async ({ page }) => {
    const app = await appAt(page, 8);
    await page.goto(`/admin/app/${app.id}`);
    await expect(page).toHaveURL(/\/login/);
  });

  test('has no serious accessibility violations', async ({ page }) => {
    const app = await appAt(page, 0);
    await page.goto(pathOf(app));
    await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});
