import { expect, test } from './support/test';
import { signInAsAdmin, uniqueName } from './support/admin-session';
import { expectNoSeriousAxeViolations } from './support/axe';

test('an admin creates an API key (shown once), sees it listed, and revokes it after confirming', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A long journey on a loaded machine: the budget is for the whole test, each step still waits on what is visible.
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto('/admin?view=settings');
  await expect(page.getByRole('heading', { name: 'API Keys' })).toBeVisible();

  const name = uniqueName('Partner key');
  await page.getByLabel('Key name').fill(name);
  await page.getByRole('button', { name: 'Create Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy your API key now' });
  await expect(dialog).toBeVisible();
  const secret = await dialog.getByLabel(`API key “${name}”`).inputValue();
  expect(secret).toMatch(/^aitlas_[A-Za-z0-9_-]{43}$/);
  await expectNoSeriousAxeViolations(page);

  // The key works from any client without the admin's cookies, with the higher limit.
  const outsider = await playwright.request.newContext({ baseURL });
  const used = await outsider.get('/api/v1/categories', { headers: { authorization: `Bearer ${secret}` } });
  expect(used.status()).toBe(200);
  expect(used.headers()['ratelimit-limit']).toBe('1200');

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('list', { name: 'API keys' }).getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText(`${secret.slice(0, 13)}…`);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  // Shown once: neither the page nor a reload holds the secret.
  expect(await page.content()).not.toContain(secret);
  await page.reload();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  // Cancelling the confirmation keeps the key.
  await row.getByRole('button', { name: `Revoke key ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke this API key?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Revoke key ${name}` }).click();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row.getByText('Revoked', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Revoke key ${name}` })).toHaveCount(0);

  const refused = await outsider.get('/api/v1/categories', { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.message).toBe('This API key has been revoked.');
  await outsider.dispose();
});
