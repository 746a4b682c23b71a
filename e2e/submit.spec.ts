import { html, startFixtureSite, type FixtureSite } from '../server/test/fixture-site';
import { expect, test } from './support/test';
import { signInAsAdmin, uniqueName } from './support/admin-session';
import { expectNoSeriousAxeViolations } from './support/axe';
import { E2E_FIXTURE_PORT } from './support/e2e-config';

let site: FixtureSite;
const name = uniqueName('Submitted Slides');

test.beforeAll(async () => {
  // The e2e server may fetch exactly this host:port (DISCOVERY_ALLOW_HOSTS in playwright.config.ts).
  site = await startFixtureSite({ port: E2E_FIXTURE_PORT, routes: false });
  site.route('/robots.txt', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('User-agent: *\nAllow: /\n');
  });
  site.route(
    '/submitted-tool',
    html(
      `<!doctype html><html lang="en"><head><title>${name}</title><meta name="description" content="${name} turns an outline into a slide deck with charts and speaker notes."></head><body><main><h1>${name}</h1><p>Outline in, slides out.</p></main></body></html>`,
    ),
  );
  site.route('/gone', html('<!doctype html><html><head><title>Gone</title></head><body>Gone</body></html>', 404));
});

test.afterAll(async () => {
  await site?.close();
});

test.describe('submit a tool', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a visitor submits a tool, which waits for review; a second submission says it is already there; an unreachable page and a private address are explained', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Submit a tool' }).click();
    await expect(page).toHaveURL(/\/submit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Submit an AI tool' })).toBeVisible();
    await expect(page).toHaveTitle(/Submit an AI tool/);
    await expectNoSeriousAxeViolations(page);

    await page.getByLabel('Website address').fill(`${site.origin}/submitted-tool`);
    await page.getByLabel('Your e-mail (optional)').fill('maker@example.com');
    await page.getByLabel('Note for the curators (optional)').fill('We launched this month.');
    await page.getByRole('button', { name: 'Submit tool' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Thanks! ${name} is waiting for review.` })).toBeVisible({
      timeout: 30_000,
    });

    await page.getByLabel('Website address').fill(`${site.origin}/submitted-tool`);
    await page.getByRole('button', { name: 'Submit tool' }).click();
    const outcome = page.getByTestId('submit-outcome');
    await expect(outcome).toContainText('This tool is already on Aitlas');
    await expect(outcome).toContainText(`Already submitted: ${name} is waiting for review.`);

    await page.getByLabel('Website address').fill(`${site.origin}/gone`);
    await page.getByRole('button', { name: 'Submit tool' }).click();
    await expect(outcome).toContainText('The site could not be reached', { timeout: 30_000 });

    await page.getByLabel('Website address').fill('http://10.20.30.40/tool');
    await page.getByRole('button', { name: 'Submit tool' }).click();
    await expect(outcome).toContainText('This address cannot be analysed', { timeout: 30_000 });
    await expect(outcome).toContainText('only public web sites can be analysed');

    // Published, the same address is "Already listed" with a link to its page.
    await signInAsAdmin(page);
    const list = (await (await page.request.get(`/api/admin/apps?q=${encodeURIComponent(name)}`)).json()) as {
      id: number;
      name: string;
    }[];
    const app = list.find((item) => item.name === name);
    expect(app).toBeDefined();
    expect((await page.request.patch(`/api/admin/apps/${app?.id}/status`, { data: { status: 'published' } })).status()).toBe(200);
    await page.context().clearCookies();
    await page.goto('/submit');
    await page.getByLabel('Website address').fill(`${site.origin}/submitted-tool`);
    await page.getByRole('button', { name: 'Submit tool' }).click();
    await expect(outcome).toContainText(`Already listed: ${name}`);
    await outcome.getByRole('link', { name: `See ${name} on Aitlas` }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });
});
