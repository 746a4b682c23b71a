import { html, startFixtureSite, type FixtureSite } from '../server/test/fixture-site';
import { expect, test } from './support/test';
import { createAppViaApi, signInAsAdmin, uniqueName } from './support/admin-session';
import { expectNoSeriousAxeViolations } from './support/axe';
import { E2E_BASE_URL, E2E_FIXTURE_PORT } from './support/e2e-config';

let site: FixtureSite;
/** The tokens the maker's fixture site publishes in its page. */
let published: string[] = [];

test.beforeAll(async () => {
  // The e2e server may fetch exactly this host:port (DISCOVERY_ALLOW_HOSTS in playwright.config.ts).
  site = await startFixtureSite({ port: E2E_FIXTURE_PORT, routes: false });
  site.route('/maker-tool', (request, response, s) =>
    html(
      `<!doctype html><html lang="en"><head><title>Maker tool</title>${published.map((token) => `<meta name="aitlas-verification" content="${token}">`).join('')}</head><body><h1>Maker tool</h1></body></html>`,
    )(request, response, s),
  );
});

test.afterAll(async () => {
  await site?.close();
});

test.describe('makers', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a maker claims a listing with a meta tag on a fixture site, proposes a correction, and a curator approves it', async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page);
    const name = uniqueName('Claimed Tool');
    const app = await createAppViaApi(page.request, {
      name,
      url: `${site.origin}/maker-tool`,
      status: 'published',
      description: 'An old description copied from somewhere.',
    });

    const maker = await (await browser.newContext({ baseURL: E2E_BASE_URL })).newPage();
    await maker.goto(`/app/${app.id}`);
    await maker.locator('html[data-started="true"]').waitFor({ state: 'attached' });
    await maker.getByRole('button', { name: 'Claim this listing' }).click();
    const dialog = maker.getByRole('dialog', { name: `Claim ${name}` });
    await dialog.getByRole('radio', { name: /A meta tag in the page/ }).check();
    await dialog.getByRole('button', { name: 'Get my token' }).click();
    const token = (await dialog.getByTestId('claim-token').textContent())?.trim() ?? '';
    expect(token).toMatch(/^aitlas-/);
    await expect(dialog).toContainText(`<meta name="aitlas-verification" content="${token}">`);

    // Not published yet: Aitlas says what it fetched.
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Not verified yet.');
    await expect(dialog.getByRole('alert')).toContainText(`Fetched: ${site.origin}/maker-tool (HTTP 200)`);
    await expectNoSeriousAxeViolations(maker);

    published = [token];
    await dialog.getByRole('button', { name: 'Verify' }).click();
    const link = dialog.getByTestId('manage-url');
    await expect(link).toBeVisible({ timeout: 30_000 });
    const manageUrl = (await link.textContent())?.trim() ?? '';
    expect(manageUrl).toMatch(/\/manage\/[A-Za-z0-9_-]{40,}$/);
    await maker.keyboard.press('Escape');
    await expect(maker.getByTestId('claimed-by-maker')).toHaveText('Claimed by its maker');

    await maker.goto(new URL(manageUrl).pathname);
    await expect(maker.getByRole('heading', { level: 1, name: `Manage ${name}` })).toBeVisible();
    await maker.getByLabel('Description', { exact: true }).fill('Turns outlines into slide decks in seconds.');
    await maker.getByLabel('Pricing').selectOption('free');
    await maker.getByRole('button', { name: 'Propose changes' }).click();
    const proposal = maker.getByTestId('proposal').first();
    await expect(proposal).toContainText('Waiting for a curator');
    await expect(proposal.getByTestId('proposal-change')).toHaveCount(2);
    await expect(maker.getByLabel('Embed it on your site')).toHaveValue(new RegExp(`/badge/${app.id}\\.svg`));
    await expectNoSeriousAxeViolations(maker);

    await page.goto('/admin?view=makers');
    const queued = page.getByTestId('admin-proposal').filter({ hasText: name });
    await expect(queued.getByTestId('admin-proposal-change').filter({ hasText: 'Description' })).toContainText(
      'An old description copied from somewhere.',
    );
    await expect(queued.getByTestId('admin-proposal-change').filter({ hasText: 'Description' })).toContainText(
      'Turns outlines into slide decks in seconds.',
    );
    await queued.getByRole('button', { name: 'Approve and apply' }).click();
    await expect(page.getByText('Proposal approved and applied', { exact: true })).toBeVisible();
    await expect(page.getByTestId('admin-claim').filter({ hasText: name })).toContainText('verified');

    await maker.goto(`/app/${app.id}`);
    await expect(maker.getByText('Turns outlines into slide decks in seconds.').first()).toBeVisible();
    await expect(maker.getByTestId('pricing-badge')).toHaveText('FREE TO USE');
    await maker.goto(new URL(manageUrl).pathname);
    await expect(maker.getByTestId('proposal').first()).toContainText('Approved and applied');
    await maker.context().close();
  });
});
