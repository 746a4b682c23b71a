import type { APIRequestContext, Page } from '@playwright/test';
import type { CategoryPageResponse } from '../shared/schemas/browse';
import type { Category } from '../shared/schemas/category';
import type { TaskIndexResponse, TaskPageResponse } from '../shared/schemas/tasks';
import { signInAsAdmin } from './support/admin-session';
import { expectNoSeriousAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/e2e-config';
import { expect as baseExpect, test } from './support/test';
import { expectNoPageScrollX } from './support/tool-pages';

// Axe and several pages per test take long on a loaded 2-core machine: generous waits for what a user sees.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** The category with the most apps (more than one page of 12 in the demo catalogue). */
async function biggestCategory(request: APIRequestContext): Promise<Category & { appCount: number }> {
  const categories = (await (await request.get('/api/categories')).json()) as (Category & { appCount: number })[];
  const best = categories.filter((category) => category.slug !== 'all').sort((a, b) => b.appCount - a.appCount)[0];
  if (!best || best.appCount <= 12) throw new Error('no category with two pages in the demo catalogue');
  return best;
}

async function categoryPage(request: APIRequestContext, slug: string, query: string): Promise<CategoryPageResponse> {
  return (await (await request.get(`/api/marketplace/category/${slug}?${query}`)).json()) as CategoryPageResponse;
}

/** The task page with the most apps, and its data. */
async function biggestTask(request: APIRequestContext): Promise<TaskPageResponse> {
  const index = (await (await request.get('/api/tasks')).json()) as TaskIndexResponse;
  const task = index.groups.flatMap((group) => group.tasks).sort((a, b) => b.appCount - a.appCount)[0];
  if (!task) throw new Error('no task page in the demo catalogue');
  return (await (await request.get(`/api/tasks/${task.slug}`)).json()) as TaskPageResponse;
}

const cardNames = (page: Page) => page.getByTestId('listing-card').getByRole('heading');

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a category page: sorts, pricing filter and page 2 are links with their own addresses', async ({ page, request }) => {
      const category = await biggestCategory(request);
      await page.goto(`/ai-apps/${category.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: `${category.name} AI Tools` })).toBeVisible();
      await expect(page.getByTestId('category-count')).toContainText(`${category.appCount} apps`);
      await expect(cardNames(page)).toHaveCount(12);
      await expect(page.getByTestId('app-freshness').first()).toHaveText(/^Added [A-Z][a-z]+ \d{1,2}, \d{4}$/);
      await expectNoPageScrollX(page);
      await expectNoSeriousAxeViolations(page);

      await page.getByRole('navigation', { name: 'Sort apps' }).getByRole('link', { name: 'Most visited' }).click();
      await expect(page).toHaveURL(`${E2E_BASE_URL}/ai-apps/${category.slug}?sort=visitors`);
      const visited = await categoryPage(request, category.slug, 'sort=visitors');
      await expect(cardNames(page).first()).toHaveText(`1.${visited.apps[0]!.name}`);

      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click();
      await expect(page).toHaveURL(`${E2E_BASE_URL}/ai-apps/${category.slug}?sort=visitors&page=2`);
      const second = await categoryPage(request, category.slug, 'sort=visitors&page=2');
      await expect(cardNames(page)).toHaveCount(second.apps.length);
      await expect(page.getByText(`Page 2 of ${second.pageCount}`)).toBeVisible();

      await page.getByRole('navigation', { name: 'Filter by pricing' }).getByRole('link', { name: 'Free', exact: true }).click();
      await expect(page).toHaveURL(`${E2E_BASE_URL}/ai-apps/${category.slug}?sort=visitors&pricing=free`);
      const free = await categoryPage(request, category.slug, 'sort=visitors&pricing=free');
      await expect(page.getByTestId('category-count')).toContainText(
        `${free.total} ${free.total === 1 ? 'app' : 'apps'} with free pricing`,
      );
    });

    test('a task page: ranked apps with reasons, pricing filter, facts and related tasks, reached from /best', async ({
      page,
      request,
    }) => {
      const task = await biggestTask(request);
      await page.goto('/best');
      await expect(page.getByRole('heading', { level: 1, name: 'Best AI tools for every task' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page
        .getByRole('link', { name: task.task.label.charAt(0).toUpperCase() + task.task.label.slice(1), exact: true })
        .click();
      await expect(page).toHaveURL(`${E2E_BASE_URL}/best/${task.task.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: task.task.name })).toBeVisible();
      await expect(cardNames(page)).toHaveText(task.apps.map((app, index) => `${index + 1}.${app.name}`));
      await expect(page.getByTestId('listing-reason').first()).toHaveText(`Why it fits: ${task.apps[0]!.reason}`);
      await expect(page.getByRole('heading', { name: 'Questions and answers' })).toBeVisible();
      await expect(page.getByText(task.facts[0]!.answer)).toBeVisible();
      await expectNoPageScrollX(page);
      await expectNoSeriousAxeViolations(page);

      await page.getByRole('navigation', { name: 'Filter by pricing' }).getByRole('link', { name: 'Paid', exact: true }).click();
      await expect(page).toHaveURL(`${E2E_BASE_URL}/best/${task.task.slug}?pricing=paid`);
      const paid = task.apps.filter((app) => app.pricingType === 'paid').length;
      if (paid > 0) await expect(page.getByTestId('listing-card').first()).toContainText('Paid');
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a category page sorts, filters and pages through plain links', async ({ page, request }) => {
    const category = await biggestCategory(request);
    await page.goto(`/ai-apps/${category.slug}`);
    await expect(cardNames(page)).toHaveCount(12);
    await page.getByRole('navigation', { name: 'Sort apps' }).getByRole('link', { name: 'Newest' }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/ai-apps/${category.slug}?sort=newest`);
    const newest = await categoryPage(request, category.slug, 'sort=newest');
    await expect(cardNames(page).first()).toHaveText(`1.${newest.apps[0]!.name}`);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/ai-apps/${category.slug}?sort=newest&page=2`);
    await expect(cardNames(page).first()).toHaveText(/^13\./);
  });

  test('a task page and its pricing filter work as plain links', async ({ page, request }) => {
    const task = await biggestTask(request);
    await page.goto(`/best/${task.task.slug}`);
    await expect(cardNames(page)).toHaveCount(task.apps.length);
    await expect(page.getByTestId('task-intro')).toHaveText(task.task.intro);
    await page.getByRole('navigation', { name: 'Filter by pricing' }).getByRole('link', { name: 'Free', exact: true }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/best/${task.task.slug}?pricing=free`);
    const free = (await (await request.get(`/api/tasks/${task.task.slug}?pricing=free`)).json()) as TaskPageResponse;
    if (free.apps.length > 0) await expect(cardNames(page)).toHaveText(free.apps.map((app, index) => `${index + 1}.${app.name}`));
    else await expect(page.getByTestId('task-empty')).toBeVisible();
  });
});

test('save → Saved → share as a list → open in another browser → save all', async ({ page, browser, request }) => {
  const task = await biggestTask(request);
  const [first, second] = task.apps;
  for (const app of [first!, second!]) {
    await page.goto(`/ai-apps/${app.categorySlug}/${app.nameSlug}`);
    await page.getByRole('button', { name: /^Save \(\d+\)$/ }).click();
    await expect(page.getByText('App has been added to your favorites.', { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('saved-count')).toHaveText('2 apps');
  await page.getByRole('link', { name: /^Saved/ }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/saved`);
  // Newest first.
  await expect(cardNames(page)).toHaveText([second!.name, first!.name]);
  await expectNoSeriousAxeViolations(page);

  // Remove, then undo.
  await page.getByRole('button', { name: `Remove ${first!.name} from saved apps` }).click();
  await expect(cardNames(page)).toHaveText([second!.name]);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(cardNames(page)).toHaveText([second!.name, first!.name]);

  await page.getByRole('button', { name: 'Share as a list' }).click();
  const editor = page.getByTestId('stack-editor');
  await editor.getByLabel('Title').fill('The stack for our podcast');
  await editor.getByRole('button', { name: `Move ${first!.name} up` }).click();
  await editor.getByLabel(`Note about ${first!.name} (optional)`).fill('Start here');
  await expectNoSeriousAxeViolations(page);
  await editor.getByRole('button', { name: 'Create shareable list' }).click();
  await expect(page).toHaveURL(new RegExp(`${E2E_BASE_URL}/stacks/[A-Za-z0-9_-]{22}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'The stack for our podcast' })).toBeVisible();
  await expect(cardNames(page)).toHaveText([`1.${first!.name}`, `2.${second!.name}`]);
  await expect(page.getByText('Start here')).toBeVisible();
  // The creator's browser may edit and delete it.
  await expect(page.getByRole('button', { name: 'Edit list' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete list' })).toBeVisible();
  const stackUrl = page.url();

  const other = await browser.newContext();
  try {
    const visitor = await other.newPage();
    await visitor.goto(stackUrl);
    await visitor.locator('html[data-started="true"]').waitFor({ state: 'attached' });
    await expect(visitor.getByRole('heading', { level: 1, name: 'The stack for our podcast' })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Edit list' })).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expectNoSeriousAxeViolations(visitor);
    await visitor.getByRole('button', { name: 'Save all' }).click();
    await expect(visitor.getByTestId('stack-status')).toContainText('Saved 2 apps to your Saved list.');
    await expect(visitor.getByTestId('saved-count')).toHaveText('2 apps');
    await visitor.getByRole('link', { name: 'Open Saved' }).click();
    await expect(visitor.getByTestId('listing-card').getByRole('heading')).toHaveCount(2);
  } finally {
    await other.close();
  }

  // Back in the creator's browser: edit, then delete.
  await page.getByRole('button', { name: 'Edit list' }).click();
  const edit = page.getByTestId('stack-editor');
  await edit.getByLabel('Title').fill('Our podcast stack');
  await edit.getByRole('button', { name: `Move ${second!.name} up` }).click();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our podcast stack' })).toBeVisible();
  await expect(cardNames(page)).toHaveText([`1.${second!.name}`, `2.${first!.name}`]);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete list' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/saved`);
  expect((await request.get(stackUrl)).status()).toBe(404);
});

test('Admin → Tasks hides a task page and writes its intro', async ({ page, request }) => {
  await signInAsAdmin(page);
  const index = (await (await request.get('/api/tasks')).json()) as TaskIndexResponse;
  // A small task, so that the other tests' pages stay as they are.
  const task = index.groups
    .flatMap((group) => group.tasks)
    .sort((a, b) => a.appCount - b.appCount || a.slug.localeCompare(b.slug))[0]!;
  await page.goto('/admin?view=tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await page.getByLabel('Find a task').fill(task.slug);
  const row = page.getByTestId('admin-task').filter({ hasText: `/best/${task.slug}` });
  await expectNoSeriousAxeViolations(page);

  await row.getByRole('button', { name: 'Edit intro' }).click();
  await row.getByLabel('Intro (empty: the generated one)').fill('Our own words about this task.');
  await row.getByRole('button', { name: 'Save intro' }).click();
  await expect(row).toContainText('Curator intro');
  expect(((await (await request.get(`/api/tasks/${task.slug}`)).json()) as TaskPageResponse).task.intro).toBe(
    'Our own words about this task.',
  );

  await row.getByRole('button', { name: 'Hide page' }).click();
  await expect(row).toContainText('Hidden');
  expect((await request.get(`/best/${task.slug}`)).status()).toBe(404);
  await row.getByRole('button', { name: 'Show page' }).click();
  await expect(row.getByRole('button', { name: 'Hide page' })).toBeVisible();
  expect((await request.get(`/best/${task.slug}`)).status()).toBe(200);
  await row.getByRole('button', { name: 'Edit intro' }).click();
  await row.getByLabel('Intro (empty: the generated one)').fill('');
  await row.getByRole('button', { name: 'Save intro' }).click();
  await expect(row).toContainText('Generated intro');
});

test('a search answer links to its task page, and an app page lists the tasks the app is best for', async ({ page, request }) => {
  await page.goto('/?q=transcribe%20meetings');
  const link = page.getByTestId('search-task-link');
  await expect(link).toHaveText(/^Best AI tools for /);
  const name = (await link.textContent()) ?? '';
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${E2E_BASE_URL}/best/[a-z0-9-]+$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const task = await biggestTask(request);
  const leader = task.apps[0]!;
  await page.goto(`/ai-apps/${leader.categorySlug}/${leader.nameSlug}`);
  const bestFor = page.getByTestId('app-best-for');
  await expect(bestFor.getByRole('heading', { name: `${leader.name} is among the best AI tools for` })).toBeVisible();
  const first = bestFor.getByRole('link').first();
  const href = (await first.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/best\/[a-z0-9-]+$/);
  await first.click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}${href}`);
  await expect(
    page
      .getByTestId('listing-card')
      .getByRole('heading', { name: new RegExp(`^\\d+\\.${leader.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }),
  ).toBeVisible();
  await expect(page.getByTestId('app-freshness').first()).toBeVisible();
});
