import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';

test('/developers renders the API reference from this site, with copyable examples and no console errors', async ({
  page,
  context,
  baseURL,
}) => {
  // A long journey on a loaded machine: the budget is for the whole test, each step still waits on what is visible.
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(baseURL!).origin && !request.url().startsWith('data:'))
      foreign.push(request.url());
  });

  await page.goto('/developers');
  await expect(page.getByRole('heading', { level: 1, name: 'Aitlas API for developers and AI agents' })).toBeVisible();
  // Swagger UI has read the generated document: every v1 operation is listed.
  for (const path of [
    '/api/v1/search',
    '/api/v1/apps',
    '/api/v1/apps/{id}/alternatives',
    '/api/v1/compare',
    '/api/v1/categories',
  ]) {
    await expect(
      page.locator(`.opblock-summary[data-path="${path}"], .opblock-summary-path[data-path="${path}"]`).first(),
    ).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Aitlas API' }).first()).toBeVisible();

  // An operation opens with its curl example, and "Try it out" reaches the real API.
  await page.locator('.opblock-summary-path[data-path="/api/v1/search"]').click();
  const operation = page.locator('#operations-Search-searchApps');
  await expect(operation.getByText("curl 'http://127.0.0.1", { exact: false })).toBeVisible();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.locator('input[placeholder="q"]').fill('write blog posts');
  await operation.getByRole('button', { name: 'Execute' }).click();
  await expect(operation.locator('.live-responses-table')).toContainText('Response body');
  await expect(operation.locator('.live-responses-table .response-col_status').filter({ hasText: /^200/ })).toBeVisible();

  // The quick-start examples copy to the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy' }).first().click();
  await expect(page.getByRole('status').first()).toHaveText('Copied to the clipboard.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^curl 'http:\/\/127\.0\.0\.1:\d+\/api\/v1\/search\?q=/);

  const results = await new AxeBuilder({ page })
    .include('header')
    .include('.dev-intro')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(
    results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id),
  ).toEqual([]);
  expect(problems).toEqual([]);
  expect(foreign).toEqual([]);
});
