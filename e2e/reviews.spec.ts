import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createAppViaApi, signInAsAdmin, uniqueName } from './support/admin-session';
import { expectNoSeriousAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/e2e-config';

/** A visitor in a browser of their own (own cookies), on a page React owns. */
async function visitor(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const page = await context.newPage();
  await page.goto(path);
  await page.locator('html[data-started="true"]').waitFor({ state: 'attached' });
  return page;
}

async function writeReview(page: Page, appName: string, review: { stars: number; title: string; text: string; name: string }) {
  const section = page.getByRole('region', { name: 'User Reviews' });
  await section.getByRole('button', { name: 'Write a review' }).click();
  const dialog = page.getByRole('dialog', { name: `Review ${appName}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: review.stars === 1 ? '1 star' : `${review.stars} stars`, exact: true }).check();
  await dialog.getByLabel('Title').fill(review.title);
  await dialog.getByLabel('Your review').fill(review.text);
  await dialog.getByLabel('Display name').fill(review.name);
  await dialog.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Thanks for your review!', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId('own-review-status')).toHaveText(
    'Your review is waiting for a curator. It will appear here once approved.',
  );
}

test.describe('reviews', () => {
  test.describe.configure({ timeout: 120_000 });

  test('two visitors write reviews, a curator approves one and rejects the other; only the approved one shows and counts', async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page);
    const name = uniqueName('Reviewed Tool');
    const app = await createAppViaApi(page.request, { name, status: 'published', rating: 42 });
    const path = `/app/${app.id}`;

    const ada = await visitor(browser, path);
    const section = ada.getByRole('region', { name: 'User Reviews' });
    await expect(section.getByText('No reviews yet')).toBeVisible();
    await expect(section.getByText(`Be the first to review ${name}.`)).toBeVisible();
    // The listing's own rating is labelled as the curators'.
    await expect(ada.getByTestId('rating-label')).toHaveText("Curators' rating");
    await writeReview(ada, name, {
      stars: 5,
      title: 'Transcripts in minutes',
      text: 'It turned an hour of interviews into clean notes before lunch.',
      name: 'Ada',
    });
    await expectNoSeriousAxeViolations(ada);

    const bob = await visitor(browser, path);
    await writeReview(bob, name, {
      stars: 1,
      title: 'Visit my shop',
      text: 'Buy cheap followers at <b>my shop</b> https://spam.example today!!',
      name: 'Bob',
    });
    // Nothing shows until a curator decides.
    await bob.reload();
    await expect(bob.getByRole('region', { name: 'User Reviews' }).getByText('No reviews yet')).toBeVisible();

    await page.goto('/admin?view=reviews');
    await expect(page.getByRole('banner').getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible({ timeout: 30_000 });
    const adaReview = page.getByTestId('admin-review').filter({ hasText: 'Transcripts in minutes' });
    const bobReview = page.getByTestId('admin-review').filter({ hasText: 'Visit my shop' });
    await expect(bobReview.getByText('Buy cheap followers at my shop today!!')).toBeVisible();
    await adaReview.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('1 review approved', { exact: true })).toBeVisible();
    await bobReview.getByLabel(/Reason for rejecting/).fill('Advertising is not a review.');
    await bobReview.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('1 review rejected', { exact: true })).toBeVisible();
    await expect(page.getByTestId('admin-review').filter({ hasText: name })).toHaveCount(0);

    await ada.reload();
    const published = ada.getByRole('region', { name: 'User Reviews' });
    await expect(published.getByTestId('review')).toHaveCount(1);
    await expect(published.getByRole('heading', { name: 'Transcripts in minutes' })).toBeVisible();
    await expect(published.getByTestId('review-summary')).toContainText('5.0');
    await expect(published.getByTestId('review-summary')).toContainText('from 1 review');
    await expect(published.getByText('Your review is published.')).toBeVisible();
    const jsonLd = JSON.parse((await ada.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(jsonLd.aggregateRating).toMatchObject({ ratingValue: '5.0', ratingCount: 1 });

    await bob.reload();
    const bobSection = bob.getByRole('region', { name: 'User Reviews' });
    await expect(bobSection.getByText('Your review was not approved: Advertising is not a review.')).toBeVisible();
    await expect(bobSection.getByText('Visit my shop')).toHaveCount(0);
    // "Was this helpful?" counts once for this visitor.
    await bobSection.getByRole('button', { name: 'Yes (0)' }).click();
    await expect(bobSection.getByRole('button', { name: 'Yes (1)' })).toBeDisabled();
    await bob.reload();
    await expect(bobSection.getByRole('button', { name: 'Yes (1)' })).toBeVisible();
    await bobSection.getByRole('button', { name: 'Yes (1)' }).click();
    await expect(bobSection.getByRole('button', { name: 'Yes (1)' })).toBeDisabled();

    // Ada edits her review: it waits for a curator again.
    await published.getByRole('button', { name: 'Edit your review' }).click();
    const edit = ada.getByRole('dialog', { name: `Edit your review of ${name}` });
    await expect(edit.getByLabel('Title')).toHaveValue('Transcripts in minutes');
    await edit.getByLabel('Title').fill('Transcripts in minutes, mostly');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(published.getByTestId('own-review-status')).toHaveText(
      'Your review is waiting for a curator. It will appear here once approved.',
    );

    await ada.context().close();
    await bob.context().close();
  });
});
