import type { Page } from '@playwright/test';

/**
 * Waits until the page has painted twice: whatever an interaction queued (a handler, a `javascript:` navigation, a
 * timer-free script) has had its turn. For checks that something did NOT happen, where there is nothing to wait on.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
