import type { Page } from '@playwright/test';
import { seededPages, type SeededApp } from './support/seeded-pages';
import { expect, test } from './support/test';

/**
 * What each sprite icon of the page draws: whether its `<use>` finds a `<symbol>` in the document,
 * its size on screen, and the fill and stroke the `.icon` rule and its utilities give it.
 */
async function spriteIcons(page: Page, scope: string) {
  return page.locator(`${scope} svg.icon`).evaluateAll((icons) =>
    icons.map((icon) => {
      const href = icon.querySelector('use')?.getAttribute('href') ?? '';
      const target = href.startsWith('#') ? document.getElementById(href.slice(1)) : null;
      const box = icon.getBoundingClientRect();
      const style = getComputedStyle(icon);
      return {
        href,
        resolves: target?.tagName.toLowerCase() === 'symbol' && target.childElementCount > 0,
        hidden: icon.getAttribute('aria-hidden') === 'true',
        width: box.width,
        height: box.height,
        fill: style.fill,
        stroke: style.stroke,
      };
    }),
  );
}

test.describe('the cards draw their icons from the page sprite', () => {
  let app: SeededApp;
  test.beforeAll(async ({ request }) => {
    ({ app } = await seededPages(request));
  });

  test('alternatives page: every card icon resolves to a symbol, at its size, with lucide’s stroke and the star filled', async ({
    page,
  }) => {
    await page.goto(`/ai-apps/${app.categorySlug}/${app.nameSlug}/alternatives`);
    await expect(page.locator('html')).toHaveAttribute('data-started', 'true');
    const cards = page.getByTestId('alternative-card');
    await expect(cards.first()).toBeVisible();
    const icons = await spriteIcons(page, '[data-testid="alternative-card"]');
    // Sparkles, star, users and Compare on each card.
    expect(icons.length).toBeGreaterThanOrEqual(4 * (await cards.count()));
    for (const icon of icons) {
      expect(icon, icon.href).toMatchObject({ resolves: true, hidden: true, width: 16, height: 16 });
      expect(icon.stroke, icon.href).not.toBe('none');
    }
    const stars = icons.filter((icon) => icon.href === '#icon-star');
    expect(stars.length).toBeGreaterThan(0);
    // The star is filled (amber, by its utility class), the other icons are outlines.
    for (const star of stars) expect(star.fill).not.toBe('none');
    for (const icon of icons.filter((each) => each.href !== '#icon-star')) expect(icon.fill, icon.href).toBe('none');
  });

  test('Compare switches its icon to the check mark, and icons still resolve after in-site navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-started', 'true');
    const card = page.locator('#marketplace article').first();
    const toggle = card.getByRole('button', { name: /^Compare / });
    await expect(toggle.locator('use')).toHaveAttribute('href', '#icon-git-compare-arrows');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle.locator('use')).toHaveAttribute('href', '#icon-check');
    expect((await spriteIcons(page, '#marketplace')).every((icon) => icon.resolves)).toBe(true);

    // The browser renders the next page itself: the sprite of the first document still serves it.
    await page.getByRole('link', { name: app.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/ai-apps/${app.categorySlug}/${app.nameSlug}$`));
    await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible();
    await expect(page.getByTestId('icon-sprite')).toHaveCount(1);
    const icons = await spriteIcons(page, 'main');
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) expect(icon, icon.href).toMatchObject({ resolves: true, hidden: true });
  });
});
