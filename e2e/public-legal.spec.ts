import { expect, test } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';

for (const { path, title } of [
  { path: '/privacy-policy', title: 'Privacy Policy' },
  { path: '/terms-of-service', title: 'Terms of Service' },
]) {
  test(`${title}: legal text, date, contact blocks, Back to Home and footer`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} | Aitlas`);
    await expect(page.getByText('Last updated: January 2024')).toBeVisible();
    expect(await page.locator('article section h2').count()).toBeGreaterThan(8);
    const contacts = page.locator('address');
    await expect(contacts).toHaveCount(2);
    await expect(contacts.first().getByRole('link')).toHaveAttribute('href', /^mailto:.+@.+/);
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Discover AI Tools with Intelligence' })).toBeVisible();
  });
}

test('the footer links reach both legal pages', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
});
