import { expect, test } from './support/test';
import { html, startFixtureSite, type FixtureSite } from '../server/test/fixture-site';
import { signInAsAdmin } from './support/admin-session';
import { expectNoSeriousAxeViolations } from './support/axe';
import { E2E_FIXTURE_PORT } from './support/e2e-config';

let site: FixtureSite;
const appName = `Lumenquill ${Date.now().toString(36)}`;

test.beforeAll(async () => {
  // The e2e server may fetch exactly this host:port (DISCOVERY_ALLOW_HOSTS in playwright.config.ts).
  site = await startFixtureSite({ port: E2E_FIXTURE_PORT });
  site.route(
    '/lumenquill',
    html(`<!doctype html><html lang="en"><head><title>${appName} | AI blog writer</title>
<meta name="description" content="${appName} writes blog posts and articles from an outline and fixes grammar and spelling.">
<meta property="og:image" content="${site.origin}/shot.png"></head>
<body><main><h1>${appName}</h1><p>${appName} turns a rough outline into a polished first draft of a blog post in minutes, in your own tone.</p>
<h2>Features</h2><ul><li>Outline to draft</li><li>Grammar checks</li><li>Tone rewriting</li></ul>
<p>Start with the free plan, upgrade to Pro for $10/month.</p></main></body></html>`),
  );
});

test.afterAll(async () => {
  await site?.close();
});

test.describe('discovery', () => {
  test('manual discovery creates a pending app, shown in All Apps and announced by the bell', async ({ page }) => {
    // Two accessibility audits and a real fetch on a shared two-core machine.
    test.setTimeout(60_000);
    await signInAsAdmin(page);
    await page.goto('/admin?view=discover');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover Apps' })).toBeVisible();
    for (const card of ['Apps Discovered', 'Success Rate', 'Categories', 'Pending Review']) {
      await expect(page.getByRole('heading', { name: card, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Start Scan' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    // The socket is open before anything happens, so the notification is not missed.
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByText('Live updates on')).toBeVisible();
    await page.keyboard.press('Escape');

    const input = page.getByLabel('Application URL');
    const analyze = page.getByRole('button', { name: 'Analyze & Extract Data' });

    // Empty input is ignored.
    await analyze.click();
    await expect(page.getByText('Please enter a valid URL.')).toHaveCount(0);

    await input.fill('not a url');
    await analyze.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid URL.' }).first()).toBeVisible();
    await expect(page.getByText('Invalid URL', { exact: true })).toBeVisible();

    // A redirect into a refused address is a clear failure, not a crash.
    site.route('/to-private', (_request, response) => {
      response.writeHead(302, { location: 'http://10.0.0.1/' });
      response.end();
    });
    await input.fill(`${site.origin}/to-private`);
    await analyze.click();
    await expect(page.getByText('Discovery Failed', { exact: true })).toBeVisible();
    await expect(page.getByText(/private address/).first()).toBeVisible();

    await input.fill(`${site.origin}/lumenquill`);
    await analyze.click();
    // The admin socket announces the new app: toast and bell badge.
    await expect(page.getByTestId('notification-badge')).toHaveText('1');
    await page.getByRole('button', { name: /Notifications, 1 unread/ }).click();
    const list = page.getByRole('list', { name: 'Notifications' });
    // Other specs on this server leave notifications of their own (a maker's listing correction): read this one's item.
    const item = list.getByRole('listitem').filter({ hasText: new RegExp(`"${appName}" was added to Writing`) });
    await expect(item.getByText('App Discovered')).toBeVisible();
    await expect(item.getByText('Just now')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);

    await page.goto('/admin?view=all');
    await page.getByLabel('Search applications').fill(appName);
    const card = page.getByRole('list', { name: 'Applications' }).getByRole('listitem').filter({ hasText: appName });
    await expect(card).toBeVisible();
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expect(card.getByText('Writing', { exact: true })).toBeVisible();
  });

  test('Start Scan reads the sources and reports what it found', async ({ page }) => {
    await signInAsAdmin(page);
    site.route('/scan-feed.json', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify([`${site.origin}/lumenquill`, `${site.origin}/tools/delta`, `${site.origin}/tools/epsilon`]));
    });
    const added = await page.request.post('/api/admin/discovery-sources', {
      data: { url: `${site.origin}/scan-feed.json`, type: 'json' },
    });
    expect(added.status(), await added.text()).toBe(201);

    await page.goto('/admin?view=discover');
    await page.getByRole('button', { name: 'Start Scan' }).click();
    await expect(page.getByText('AI Discovery Completed', { exact: true })).toBeVisible();
    // Lumenquill is already an app; Delta and Epsilon are new.
    await expect(page.getByText('Found 2 apps, processed 2 new ones.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Scan' })).toBeEnabled();
  });

  test('a scan whose sources fail says it failed, with the first error', async ({ page }) => {
    await signInAsAdmin(page);
    site.route('/down-feed.xml', (_request, response) => {
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end('down for maintenance');
    });
    const added = await page.request.post('/api/admin/discovery-sources', {
      data: { url: `${site.origin}/down-feed.xml`, type: 'rss' },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { id } = (await added.json()) as { id: number };
    try {
      await page.goto('/admin?view=discover');
      await page.getByRole('button', { name: 'Start Scan' }).click();
      await expect(page.getByText('AI Discovery Failed', { exact: true })).toBeVisible();
      await expect(
        page
          .getByRole('region', { name: /Notifications/ })
          .getByText(new RegExp(`no new apps\\. First error: Source ${site.origin}/down-feed\\.xml failed`)),
      ).toBeVisible();
      await expect(page.getByText('AI Discovery Completed', { exact: true })).toHaveCount(0);

      // The source itself says its last read failed, and why (not "Last read …" as if it had worked).
      await page.goto('/admin?view=settings');
      const source = page.getByRole('listitem').filter({ hasText: `${site.origin}/down-feed.xml` });
      await expect(source.getByTestId('source-status')).toHaveText(/^Last read failed .+: .*503/);
    } finally {
      await page.request.delete(`/api/admin/discovery-sources/${id}`);
    }
  });
});
