import { expect, type Page } from '@playwright/test';

/**
 * Opens a page the way a visitor reaches it by following a link inside the site: the first page is
 * server-rendered (its data is in the HTML), the next one is rendered by the browser, which fetches
 * its data itself. Tests that delay or replace API answers with `page.route` use it, since a page
 * loaded directly carries the server's data and makes no such call (issue 12).
 */
export async function openInBrowser(page: Page, path: string): Promise<void> {
  await page.goto('/terms-of-service');
  await expect(page.locator('html')).toHaveAttribute('data-started', 'true');
  // The router follows the History API (as its own links do).
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
}
