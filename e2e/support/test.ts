import { test as base, type Page, type Response } from '@playwright/test';

export { expect } from '@playwright/test';

/** Waits until the app has started on the document just loaded, when it is one of the app's HTML pages. */
async function waitForStart(page: Page, response: Response | null): Promise<void> {
  if (response && !(response.headers()['content-type'] ?? '').includes('text/html')) return;
  if (!(await page.locator('#root').count())) return;
  await page.locator('html[data-started="true"]').waitFor({ state: 'attached' });
}

/**
 * The browser suite's `test`. Its `page.goto` and `page.reload` return once React owns the loaded document (it
 * hydrated the server's HTML or rendered the screen): a server-rendered button is on screen before its handler
 * is, and a click in between is lost, for a test as for a visitor on a slow phone. From that moment React replays
 * clicks on parts it has not hydrated yet. `waitUntil: 'commit'` opts out, for tests of the moment before (or of
 * pages whose scripts are blocked); so does `javaScriptEnabled: false`.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil !== 'commit') await waitForStart(page, response);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (options?.waitUntil !== 'commit') await waitForStart(page, response);
        return response;
      };
    }
    await use(page);
  },
});
