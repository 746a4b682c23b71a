import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { AdminBlogPost } from '../shared/schemas/blog';
import { signInAsAdmin } from './support/admin-session';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `Field Notes on AI Agents ${stamp}`;
const SLUG = `field-notes-${stamp}`;
const EDITED_TITLE = `Field Notes on AI Agents, Revised ${stamp}`;

const dialog = (page: Page) => page.getByRole('dialog');
const postCard = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Blog posts' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function openBlogAdmin(page: Page): Promise<void> {
  await signInAsAdmin(page);
  await page.goto('/admin?view=blog');
  await expect(page.getByRole('heading', { level: 2, name: 'Blog posts' })).toBeVisible();
}

async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
  expect(errorId, `no error linked to the field for "${message}"`).toBeTruthy();
  await expect(field.page().locator(`[id="${errorId}"]`)).toHaveText(message);
}

test('an anonymous visitor gets 401 from the admin blog API', async ({ request }) => {
  const list = await request.get('/api/admin/blog');
  expect(list.status()).toBe(401);
  expect((await list.json()).error.code).toBe('unauthorized');
});

test('lists the posts with their state and details', async ({ page }) => {
  await openBlogAdmin(page);
  const draft = postCard(page, 'Measuring the ROI of AI Tools');
  await expect(draft.getByText('Draft', { exact: true })).toBeVisible();
  await expect(draft.getByText('/blog/measuring-the-roi-of-ai-tools')).toBeVisible();
  await expect(draft.getByText('How to tell whether an AI tool pays for itself.')).toBeVisible();
  await expect(draft.getByText('Aitlas Editorial Team')).toBeVisible();
  await expect(draft.getByText('4 min read')).toBeVisible();
  await expect(draft.getByText('January 22, 2025')).toBeVisible();
  await expect(draft.getByRole('list', { name: /Tags of/ }).getByRole('listitem')).toHaveText(['ROI']);
  const published = postCard(page, 'How to Choose the Right AI Tool for Your Team');
  await expect(published.getByText('Published', { exact: true })).toBeVisible();
});

test('creates a post: validation messages, slug from title, tags, live preview', async ({ page }) => {
  await openBlogAdmin(page);
  await page.getByRole('button', { name: 'New Post' }).first().click();
  await expect(dialog(page).getByRole('heading', { name: 'Create Blog Post' })).toBeVisible();
  const form = dialog(page);
  const title = form.getByLabel('Title *');
  const slug = form.getByLabel('Slug *');
  const content = form.getByLabel('Content (Markdown) *');
  const author = form.getByLabel('Author *');

  // Empty form: the required messages of spec §5, and the focus goes to the first problem.
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expectFieldError(title, 'Title is required');
  await expectFieldError(slug, 'Slug is required');
  await expectFieldError(content, 'Content is required');
  await expectFieldError(author, 'Author is required');
  await expect(title).toBeFocused();

  // The slug follows the title until it is edited by hand.
  await title.fill(`Field Notes: Café ${stamp}`);
  await expect(slug).toHaveValue(`field-notes-cafe-${stamp}`);

  // Limits.
  await title.fill('x'.repeat(201));
  await slug.fill('s'.repeat(201));
  await author.fill('a'.repeat(101));
  await form.getByLabel('Meta title').fill('m'.repeat(201));
  await form.getByLabel('Featured image URL').fill('not a url');
  await form.getByLabel('Read time (minutes)').fill('61');
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expectFieldError(title, 'Title must be less than 200 characters');
  await expectFieldError(slug, 'Slug must be less than 200 characters');
  await expectFieldError(author, 'Author must be less than 100 characters');
  await expectFieldError(form.getByLabel('Meta title'), 'Meta title must be less than 200 characters');
  await expectFieldError(form.getByLabel('Featured image URL'), 'Must be a valid URL');
  await expectFieldError(form.getByLabel('Read time (minutes)'), 'Read time must be between 1 and 60 minutes');
  await slug.fill('Not a slug!');
  await form.getByRole('button', { name: 'Create Post' }).click();
  await expectFieldError(slug, 'Slug may contain only lowercase letters, numbers and single hyphens (e.g. my-first-post)');

  // Once edited by hand, the slug no longer follows the title.
  await slug.fill(SLUG);
  await title.fill(TITLE);
  await expect(slug).toHaveValue(SLUG);

  await content.fill(
    `## What we learned\n\nAgents need **clear goals** and a [budget](https://example.com/budget).\n\n- Plan\n- Act\n- Check`,
  );
  const preview = form.getByTestId('blog-markdown-preview');
  await expect(preview.getByRole('heading', { level: 2, name: 'What we learned' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'budget' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(preview.getByRole('listitem')).toHaveText(['Plan', 'Act', 'Check']);

  await form.getByLabel('Excerpt').fill('What a month of running AI agents taught us.');
  await author.fill('Grace Hopper');
  await form.getByLabel('Category').fill('Field Notes');
  await form.getByLabel('Read time (minutes)').fill('8');
  await form.getByLabel('Meta title').fill('Field notes on AI agents');
  await form.getByLabel('Meta description').fill('Lessons from a month of AI agents.');
  await form.getByLabel('Featured image URL').fill('');

  // Tags: Enter adds, a duplicate is ignored, the cross removes.
  const tagInput = form.getByLabel('New tag');
  for (const tag of ['agents', 'agents', 'automation', 'lessons']) {
    await tagInput.fill(tag);
    await tagInput.press('Enter');
  }
  const tags = form.getByRole('list', { name: 'Tags' }).getByRole('listitem');
  await expect(tags).toHaveText(['agents', 'automation', 'lessons']);
  await form.getByRole('button', { name: 'Remove tag lessons' }).click();
  await expect(tags).toHaveText(['agents', 'automation']);

  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    axe.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id),
  ).toEqual([]);

  await form.getByRole('button', { name: 'Create Post' }).click();
  await expect(toast(page, 'Blog post created successfully')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  const card = postCard(page, TITLE);
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
  await expect(card.getByText(`/blog/${SLUG}`)).toBeVisible();
  await expect(card.getByText('8 min read')).toBeVisible();
  await expect(card.getByRole('list', { name: /Tags of/ }).getByRole('listitem')).toHaveText(['agents', 'automation']);

  // The same slug again: the server's 409 message, on the slug field and in the failure toast.
  await page.getByRole('button', { name: 'New Post' }).first().click();
  await dialog(page).getByLabel('Title *').fill('Another post');
  await dialog(page).getByLabel('Slug *').fill(SLUG);
  await dialog(page).getByLabel('Content (Markdown) *').fill('Text');
  await dialog(page).getByLabel('Author *').fill('Someone');
  await dialog(page).getByRole('button', { name: 'Create Post' }).click();
  await expect(toast(page, 'Failed to create blog post')).toBeVisible();
  await expect(page.getByText(`A blog post with the slug "${SLUG}" already exists`, { exact: true })).toBeVisible();
  await expectFieldError(dialog(page).getByLabel('Slug *'), 'This slug is already used by another post');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
});

test('publishes the post: it appears on the blog with its category chip', async ({ page }) => {
  await openBlogAdmin(page);
  await postCard(page, TITLE)
    .getByRole('button', { name: `Publish ${TITLE}` })
    .click();
  await expect(toast(page, 'Blog post status updated successfully')).toBeVisible();
  await expect(postCard(page, TITLE).getByText('Published', { exact: true })).toBeVisible();

  await page.goto('/blog');
  await expect(page.getByRole('button', { name: 'Field Notes' })).toBeVisible();
  await page.getByRole('button', { name: 'Field Notes' }).click();
  await page.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByTestId('blog-post-content').getByRole('heading', { level: 2, name: 'What we learned' })).toBeVisible();
  await expect(page.getByText('8 min read')).toBeVisible();
  await expect(page.getByText('GH', { exact: true })).toBeVisible();
});

test('edits the post: the dialog holds its values and the change shows everywhere', async ({ page }) => {
  await openBlogAdmin(page);
  await postCard(page, TITLE)
    .getByRole('button', { name: `Edit ${TITLE}` })
    .click();
  const form = dialog(page);
  await expect(form.getByRole('heading', { name: 'Edit Blog Post' })).toBeVisible();
  await expect(form.getByLabel('Title *')).toHaveValue(TITLE);
  await expect(form.getByLabel('Meta description')).toHaveValue('Lessons from a month of AI agents.');
  await expect(form.getByLabel('Published (visible on the blog)')).toBeChecked();
  await form.getByLabel('Title *').fill(EDITED_TITLE);
  // An existing post keeps its address when its title changes.
  await expect(form.getByLabel('Slug *')).toHaveValue(SLUG);
  await form.getByLabel('Title *').fill('');
  await form.getByRole('button', { name: 'Update Post' }).click();
  await expectFieldError(form.getByLabel('Title *'), 'Title is required');
  await form.getByLabel('Title *').fill(EDITED_TITLE);
  await form.getByRole('button', { name: 'Update Post' }).click();
  await expect(toast(page, 'Blog post updated successfully')).toBeVisible();
  await expect(postCard(page, EDITED_TITLE)).toHaveCount(1);

  const response = await page.request.get(`/api/blog/${SLUG}`);
  expect((await response.json()).title).toBe(EDITED_TITLE);
});

test('unpublishes the post: the public page answers Blog Post Not Found', async ({ page }) => {
  await openBlogAdmin(page);
  await postCard(page, EDITED_TITLE)
    .getByRole('button', { name: `Unpublish ${EDITED_TITLE}` })
    .click();
  await expect(toast(page, 'Blog post status updated successfully')).toBeVisible();
  await expect(postCard(page, EDITED_TITLE).getByText('Draft', { exact: true })).toBeVisible();
  await page.goto(`/blog/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Post Not Found' })).toBeVisible();
});

test('deletes the post after a confirmation', async ({ page }) => {
  await openBlogAdmin(page);
  const card = postCard(page, EDITED_TITLE);
  await card.getByRole('button', { name: `Delete ${EDITED_TITLE}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText(`"${EDITED_TITLE}" will be deleted permanently. This cannot be undone.`)).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toHaveCount(1);

  await card.getByRole('button', { name: `Delete ${EDITED_TITLE}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Blog post deleted successfully')).toBeVisible();
  await expect(postCard(page, EDITED_TITLE)).toHaveCount(0);
  const list = (await (await page.request.get('/api/admin/blog')).json()) as AdminBlogPost[];
  expect(list.some((post) => post.slug === SLUG)).toBe(false);
});
