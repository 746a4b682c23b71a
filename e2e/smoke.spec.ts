import { expect, test } from './support/test';

test('the server answers health and serves the home page', async ({ page, request }) => {
  expect((await request.get('/api/health')).ok()).toBe(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover AI Tools with Intelligence' })).toBeVisible();
});
